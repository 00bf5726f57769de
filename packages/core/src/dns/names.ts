import { domainToAscii } from './punycode.ts';

/**
 * Names in a zone. Owner names are stored relative to the zone, lower case, in Punycode, with
 * `@` for the apex (never an empty name). Targets (CNAME, MX, SRV) are stored absolute with a
 * trailing dot. `[DOMAINNAME]` stands for the domain in profiles and is filled in on applying;
 * a target ending in `.@` is relative to the zone on purpose (`mail.@`).
 */
export const DOMAIN_PLACEHOLDER = '[DOMAINNAME]';
export const APEX = '@';
const PLACEHOLDER_PATTERN = /\[DOMAINNAME\]/gi;

/** Fills in `[DOMAINNAME]` (any case) with the domain. */
export function fillDomainName(text: string, domain: string): string {
  return text.replace(PLACEHOLDER_PATTERN, domain);
}

/** Applies `change` to the text around each `[DOMAINNAME]`, keeping the placeholder itself. */
export function outsidePlaceholder(text: string, change: (part: string) => string): string {
  return text
    .split(PLACEHOLDER_PATTERN)
    .map(change)
    .join(DOMAIN_PLACEHOLDER);
}

/** A host label: letters, digits, hyphens and (for `_service._proto`, DKIM selectors) underscores. */
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** Lower case and Punycode, outside any placeholder. */
export function asciiName(name: string): string {
  return outsidePlaceholder(name.trim(), (part) => (part === '' ? part : domainToAscii(part)));
}

/** Whether a relative or absolute name is well formed; `*` only as the whole leftmost label when `wildcard`. */
export function isWellFormedName(name: string, wildcard: boolean): boolean {
  const bare = name.endsWith('.') ? name.slice(0, -1) : name;
  if (bare === '' || bare.length > 253) return false;
  return bare.split('.').every((label, index) => (wildcard && index === 0 && label === '*') || LABEL.test(label));
}

/**
 * The stored form of an owner name typed for `domain`: `@` for the apex (also for an empty
 * name), relative otherwise. A name ending in a dot is absolute and must lie inside the zone;
 * a name that ends with the domain without the dot is taken as the full name too.
 * Answers null when the name does not belong to the zone.
 */
export function relativeOwner(name: string, domain: string): string | null {
  const lower = asciiName(name);
  const zone = domainToAscii(domain);
  if (lower === '' || lower === APEX || lower === `${zone}.` || lower === zone) return APEX;
  const bare = lower.endsWith('.') ? lower.slice(0, -1) : lower;
  if (bare.endsWith(`.${zone}`)) return bare.slice(0, -zone.length - 1);
  return lower.endsWith('.') ? null : lower;
}

/** The absolute name of an owner in `domain`, with its trailing dot. */
export function absoluteOwner(owner: string, domain: string): string {
  const zone = domainToAscii(domain);
  return owner === APEX ? `${zone}.` : `${owner}.${zone}.`;
}

/** A target written relative to the zone on purpose, whatever its last label: `mail.shop.@`. */
export const RELATIVE_SUFFIX = `.${APEX}`;
