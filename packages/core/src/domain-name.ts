/**
 * Domain-name rules shared by the browser (live input) and the server (the judge).
 * Spec 000 section 5: a name is 3 to 63 characters, has no leading hyphen and no double
 * hyphen, and the input may hold letters, digits, hyphens, slashes and dots.
 */
export const DOMAIN_LABEL_MIN_LENGTH = 3;
export const DOMAIN_LABEL_MAX_LENGTH = 63;
/** Delay of inactivity before the search input is cleaned (spec 000 section 9). */
export const DOMAIN_INPUT_CLEAN_DELAY_MS = 500;

export type DomainInputProblem = 'too-short' | 'too-long' | 'leading-hyphen' | 'double-hyphen' | 'forbidden-character';

/**
 * Cleans what a person typed into what we search for: `https://www.Mijn Bakkerij,nl` becomes
 * `mijnbakkerij.nl` and `--mijn--bakker` becomes `mijn-bakker`.
 */
export function cleanDomainInput(raw: string): string {
  let value = raw.normalize('NFKC').toLowerCase();
  // Non-printable characters go first so they cannot hide a scheme or a hyphen.
  value = value.replace(/[\p{C}]/gu, '');
  value = value.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  value = value.replace(/,/g, '.');
  // A pasted address may carry a path, a query or a port: only the host part is a name.
  value = value.split(/[/?]/)[0] ?? '';
  value = value.replace(/:\d*$/, '');
  value = value.replace(/\s+/g, '');
  value = value.replace(/^www\./, '');
  value = value.replace(/[^a-z0-9.-]/g, '');
  value = value.replace(/-{2,}/g, '-').replace(/\.{2,}/g, '.');
  value = value.replace(/^[-.]+/, '').replace(/\.-+/g, '.');
  return value;
}

/** The live check of spec 000 section 5, on the name part (before the first dot). */
export function checkDomainInput(input: string): DomainInputProblem | null {
  if (/[^a-zA-Z0-9/.-]/.test(input)) return 'forbidden-character';
  const name = input.split('.')[0] ?? '';
  if (name.startsWith('-')) return 'leading-hyphen';
  if (name.includes('--')) return 'double-hyphen';
  if (name.length > DOMAIN_LABEL_MAX_LENGTH) return 'too-long';
  if (name.length < DOMAIN_LABEL_MIN_LENGTH) return 'too-short';
  return null;
}

/**
 * Whether a single label (the name without extension) may be registered. Stricter than the live
 * check: lower-case letters, digits and inner hyphens only, as registries demand.
 */
export function isRegistrableLabel(label: string): boolean {
  return (
    label.length >= DOMAIN_LABEL_MIN_LENGTH &&
    label.length <= DOMAIN_LABEL_MAX_LENGTH &&
    /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(label) &&
    !label.includes('--')
  );
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
