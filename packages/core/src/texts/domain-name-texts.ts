import { accentedLetters, checkDomainInput, DOMAIN_LABEL_MAX_LENGTH, DOMAIN_LABEL_MIN_LENGTH, domainLabelProblem, type DomainInputProblem } from '../domain-name.ts';
import type { Locale } from '../money.ts';

/**
 * A name in its `xn--` form (IDN): not sold until the shop registers IDN. The search field's words
 * and the field message (`validation.domainIdn`) alike; kept here, so the search field's first
 * screen does not carry every field message.
 */
export const DOMAIN_IDN_TEXT = {
  nl: 'Domeinnamen met speciale tekens (IDN, xn--…) kunnen nog niet worden besteld.',
  en: 'Domain names with special characters (IDN, xn--…) cannot be ordered yet.',
};

/**
 * Why a domain name is refused, one sentence per rule of `domainLabelProblem`, so the search field
 * and the server's refusal say the same. `{letters}` names the accented letters that were typed.
 */
const reasons: Record<DomainInputProblem, Record<Locale, string>> = {
  'too-short': {
    nl: `Een domeinnaam heeft minstens ${DOMAIN_LABEL_MIN_LENGTH} tekens (zonder extensie).`,
    en: `A domain name has at least ${DOMAIN_LABEL_MIN_LENGTH} characters (without the extension).`,
  },
  'too-long': {
    nl: `Een domeinnaam heeft hoogstens ${DOMAIN_LABEL_MAX_LENGTH} tekens (zonder extensie).`,
    en: `A domain name has at most ${DOMAIN_LABEL_MAX_LENGTH} characters (without the extension).`,
  },
  'leading-hyphen': { nl: 'Een domeinnaam mag niet met een streepje beginnen.', en: 'A domain name cannot start with a hyphen.' },
  'trailing-hyphen': { nl: 'Een domeinnaam mag niet op een streepje eindigen.', en: 'A domain name cannot end with a hyphen.' },
  'double-hyphen': { nl: 'Een domeinnaam mag geen twee streepjes na elkaar hebben.', en: 'A domain name cannot have two hyphens in a row.' },
  'accented-letter': {
    nl: 'Letters met accenten (zoals {letters}) worden nog niet ondersteund.',
    en: 'Letters with accents (such as {letters}) are not supported yet.',
  },
  idn: DOMAIN_IDN_TEXT,
  'forbidden-character': {
    nl: 'Een domeinnaam bestaat alleen uit de letters a tot en met z, cijfers en streepjes.',
    en: 'A domain name consists only of the letters a to z, digits and hyphens.',
  },
};

const AND: Record<Locale, string> = { nl: 'en', en: 'and' };

/** `['ö', 'ë', 'é']` -> `ö, ë en é`. */
function listOf(locale: Locale, items: readonly string[]): string {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${AND[locale]} ${items.at(-1)}`;
}

/** The reason for `problem` in `locale`; `typed` is what was refused (it names the accented letters). */
export function domainProblemText(locale: Locale, problem: DomainInputProblem, typed: string): string {
  const letters = accentedLetters(typed);
  return reasons[problem][locale].replace('{letters}', listOf(locale, letters.length > 0 ? letters : ['ö', 'ë']));
}

/** Why the server refuses the name part `label`, or null when it may be registered. */
export function domainLabelRefusal(locale: Locale, label: string): string | null {
  const problem = domainLabelProblem(label);
  return problem && domainProblemText(locale, problem, label);
}

/**
 * Why the server refuses the full name `domain` (`xn--bcher-kva.nl`): the rule its name part breaks,
 * the name part being what comes before the longest of `extensions` it ends in, else before its
 * first dot. Null when the name part may be registered (the extension may still be unknown).
 */
export function domainNameRefusal(locale: Locale, domain: string, extensions: readonly string[]): string | null {
  return domainLabelRefusal(locale, nameLabelOf(domain, extensions));
}

/** The rule the name part of the full name `domain` breaks (see `domainNameRefusal`), or null. */
export function domainNameProblem(domain: string, extensions: readonly string[]): DomainInputProblem | null {
  return domainLabelProblem(nameLabelOf(domain, extensions));
}

/** The name part of a full name: before the longest of `extensions` it ends in, else before its first dot. */
function nameLabelOf(domain: string, extensions: readonly string[]): string {
  const lower = domain.toLowerCase();
  const extension = extensions.filter((ext) => lower.endsWith(`.${ext}`)).sort((a, b) => b.length - a.length)[0];
  return extension ? lower.slice(0, -(extension.length + 1)) : (lower.split('.')[0] ?? '');
}

/** A full name whose ending is none of the extensions the shop sells. */
export const UNKNOWN_EXTENSION_TEXT: Record<Locale, string> = {
  nl: 'Deze extensie verkopen we niet.',
  en: 'We do not sell this extension.',
};

/** Why the search field refuses what is in it (cleaned), or null when it may be searched. */
export function domainInputRefusal(locale: Locale, input: string): string | null {
  const problem = checkDomainInput(input);
  return problem && domainProblemText(locale, problem, input);
}
