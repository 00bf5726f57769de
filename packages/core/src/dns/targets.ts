import { decodePasswordList } from '../password-dictionary/decode.ts';
import { APEX, asciiName, RELATIVE_SUFFIX } from './names.ts';
import { domainToAscii } from './punycode.ts';
import { TOP_LEVEL_DOMAINS } from './tlds.generated.ts';

/*
 * Targets (CNAME, MX, SRV) made absolute. Apart from `names.ts` because of IANA's list of
 * top-level domains (6 kB): only what places records in a zone loads it, not every page that
 * reads a record's schema (the order page's step 2 lists DNS profiles).
 */

let topLevelDomains: ReadonlySet<string> | undefined;

/** Whether a label (lower case, Punycode) is one of IANA's top-level domains. */
export function isTopLevelDomain(label: string): boolean {
  topLevelDomains ??= new Set(decodePasswordList(TOP_LEVEL_DOMAINS));
  return topLevelDomains.has(label);
}

/**
 * Whether a target typed without a final dot (lower case, Punycode) is meant as a full name: it
 * holds a dot and ends in a top-level domain (`mail.example.nl`, `bakkerij.github.io`), or it
 * ends in the zone's own name. `mail`, `mail.intern` or `smtp.mail` are relative to the zone.
 */
export function isFullName(target: string, zone: string): boolean {
  if (target === zone || target.endsWith(`.${zone}`)) return true;
  const dot = target.lastIndexOf('.');
  return dot > 0 && isTopLevelDomain(target.slice(dot + 1));
}

/**
 * Where a target points, as stored: absolute with its final dot. Kept if it ends with a dot; `@`
 * is the domain itself; a name ending in `.@` is relative on purpose (`mail.@` becomes
 * `mail.<domain>.`); a name with a dot that ends in a top-level domain is taken whole
 * (`mail.example.nl` becomes `mail.example.nl.`); anything else is completed with the domain, as
 * spec 001 section 5 completes an MX value (`mail` becomes `mail.<domain>.`).
 */
export function completeTarget(target: string, domain: string): string {
  const lower = asciiName(target);
  const zone = domainToAscii(domain);
  if (lower === APEX) return `${zone}.`;
  if (lower.endsWith('.')) return lower;
  if (lower.endsWith(RELATIVE_SUFFIX)) return `${lower.slice(0, -RELATIVE_SUFFIX.length)}.${zone}.`;
  return isFullName(lower, zone) ? `${lower}.` : `${lower}.${zone}.`;
}
