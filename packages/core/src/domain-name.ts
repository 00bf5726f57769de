import { punycodeDecode, punycodeEncode } from './dns/punycode.ts';

/**
 * Domain-name rules shared by the browser (live input) and the server (the judge).
 * Spec 000 section 5: a name is 3 to 63 characters, has no leading hyphen and no double
 * hyphen, and the input may hold letters, digits, hyphens, slashes and dots.
 */
export const DOMAIN_LABEL_MIN_LENGTH = 3;
export const DOMAIN_LABEL_MAX_LENGTH = 63;
/** Delay of inactivity before the search input is cleaned (spec 000 section 9). */
export const DOMAIN_INPUT_CLEAN_DELAY_MS = 500;

export const DOMAIN_INPUT_PROBLEMS = ['too-short', 'too-long', 'leading-hyphen', 'trailing-hyphen', 'double-hyphen', 'accented-letter', 'idn', 'forbidden-character'] as const;
export type DomainInputProblem = (typeof DOMAIN_INPUT_PROBLEMS)[number];

/**
 * A letter outside a-z: an accented letter (ö, é) or one of another script. Such names need IDN
 * (punycode), which the shop does not register yet: the input keeps these letters so the page can
 * say so, instead of dropping them without a word.
 */
const ACCENTED_LETTER = /(?![a-zA-Z])[\p{L}\p{M}]/u;

/**
 * Whether `label` is an internationalised name in its ASCII form (an IDNA A-label): `xn--`
 * followed by valid Punycode of a lower-case name with at least one letter outside a-z, written
 * as the encoder writes it, 63 characters at most. `xn--bcher-kva` (bücher) is one; `xn--abc` is not.
 */
export function isPunycodeLabel(label: string): boolean {
  if (!label.startsWith('xn--') || label.length > DOMAIN_LABEL_MAX_LENGTH || /[^a-z0-9-]/.test(label)) return false;
  const encoded = label.slice(4);
  let unicode: string;
  try {
    unicode = punycodeDecode(encoded);
  } catch {
    return false;
  }
  return (
    /[^\x00-\x7f]/.test(unicode) && // eslint-disable-line no-control-regex
    /^[\p{Ll}\p{Lo}\p{Lm}\p{M}\p{Nd}-]+$/u.test(unicode) &&
    unicode === unicode.normalize('NFC') &&
    punycodeEncode(unicode) === encoded
  );
}

/** The accented (non a-z) letters of `text`, each once, in the order they appear: `zö-ë` -> `['ö', 'ë']`. */
export function accentedLetters(text: string): string[] {
  return [...new Set([...text.normalize('NFC').toLowerCase()].filter((char) => ACCENTED_LETTER.test(char)))];
}

/**
 * Cleans what a person typed into what we search for: `https://www.Mijn Bakkerij,nl` becomes
 * `mijnbakkerij.nl` and `--mijn--bakker` becomes `mijn-bakker`. Accented letters are kept
 * (`zö-ë` stays `zö-ë`), and so is a name in its `xn--` form (`xn--bcher-kva.nl`), so the check
 * can say they are not supported yet.
 *
 * A slash (allowed in the input by spec 000 section 5) ends the host of an address: after a
 * scheme, or after a host with a dot, the rest is a path, query or fragment and is dropped
 * (`https://bakkerij.nl/pad` and `bakkerij.nl/pad` become `bakkerij.nl`). Without either it is
 * not an address, and the slash is removed like any other special character (`bakkerij/pad`
 * becomes `bakkerijpad`), so nothing that was typed as the name is dropped silently.
 */
export function cleanDomainInput(raw: string): string {
  let value = raw.normalize('NFKC').toLowerCase();
  // Non-printable characters go first so they cannot hide a scheme or a hyphen.
  value = value.replace(/[\p{C}]/gu, '');
  value = value.trim();
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//.exec(value);
  if (scheme) value = value.slice(scheme[0].length);
  value = value.replace(/,/g, '.');
  const pathStart = value.search(/[/?#]/);
  if (pathStart >= 0 && (scheme || value.slice(0, pathStart).includes('.'))) value = value.slice(0, pathStart);
  value = value.replace(/:\d*$/, '');
  value = value.replace(/\s+/g, '');
  value = value.replace(/^www\./, '');
  // Letters outside a-z stay (see ACCENTED_LETTER); every other special character goes.
  value = value.replace(/[^a-z0-9.\p{L}\p{M}-]/gu, '');
  // Runs of hyphens become one, except in a name's `xn--` form, kept so the check can say why it is refused.
  value = value
    .replace(/\.{2,}/g, '.')
    .split('.')
    .map((label) => (isPunycodeLabel(label) ? label : label.replace(/-{2,}/g, '-')))
    .join('.');
  value = value.replace(/^[-.]+/, '').replace(/\.-+/g, '.');
  return value;
}

/**
 * The one rule for a name without its extension, as registries demand: 3 to 63 lower-case
 * letters, digits and hyphens, no hyphen at either end and no two in a row. The page's live
 * check and the server's judgement both come down to this.
 */
export function domainLabelProblem(label: string): DomainInputProblem | null {
  if (ACCENTED_LETTER.test(label)) return 'accented-letter';
  if (/[^a-z0-9-]/.test(label)) return 'forbidden-character';
  if (label.startsWith('-')) return 'leading-hyphen';
  if (isPunycodeLabel(label)) return 'idn';
  if (label.includes('--')) return 'double-hyphen';
  if (label.endsWith('-')) return 'trailing-hyphen';
  if (label.length > DOMAIN_LABEL_MAX_LENGTH) return 'too-long';
  if (label.length < DOMAIN_LABEL_MIN_LENGTH) return 'too-short';
  return null;
}

/**
 * The live check of spec 000 section 5 on what is in the field: only the allowed characters,
 * and the name part (before the first dot or slash, in lower case) must pass `domainLabelProblem`.
 */
export function checkDomainInput(input: string): DomainInputProblem | null {
  if (ACCENTED_LETTER.test(input)) return 'accented-letter';
  if (/[^a-zA-Z0-9/.-]/.test(input)) return 'forbidden-character';
  return domainLabelProblem((input.split(/[./]/)[0] ?? '').toLowerCase());
}

/** Whether a single label (the name without extension, as sent) may be registered: the server's judge. */
export function isRegistrableLabel(label: string): boolean {
  return domainLabelProblem(label) === null;
}

export interface SplitDomain {
  /** The name without extension, e.g. `mijnbakkerij`. */
  label: string;
  /** The extension without its dot when one of the known extensions was typed, e.g. `nl`. */
  extension: string | null;
}

/**
 * Splits a cleaned input into name and extension. The longest known extension wins, so
 * `mijnbakkerij.co.uk` yields `co.uk` when that is sold; an unknown ending is dropped.
 */
export function splitDomain(cleaned: string, knownExtensions: readonly string[]): SplitDomain {
  const dot = cleaned.indexOf('.');
  if (dot < 0) return { label: cleaned, extension: null };
  const label = cleaned.slice(0, dot);
  const rest = cleaned.slice(dot + 1);
  const known = [...knownExtensions].sort((a, b) => b.length - a.length).find((ext) => rest === ext);
  return { label, extension: known ?? null };
}

/** `mijnbakkerij` + `nl` -> `mijnbakkerij.nl`. */
export function joinDomain(label: string, extension: string): string {
  return `${label}.${extension}`;
}

/** Parses a full domain such as `mijnbakkerij.nl` against the sold extensions; null when it is not one. */
export function parseFullDomain(domain: string, knownExtensions: readonly string[]): { label: string; extension: string } | null {
  const lower = domain.toLowerCase();
  const extension = [...knownExtensions].sort((a, b) => b.length - a.length).find((ext) => lower.endsWith(`.${ext}`));
  if (!extension) return null;
  const label = lower.slice(0, -(extension.length + 1));
  if (!isRegistrableLabel(label)) return null;
  return { label, extension };
}
