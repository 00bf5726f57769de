import { describe, expect, it } from 'vitest';
import { completeTarget, isTopLevelDomain } from './targets.ts';
import { decodePasswordList } from '../password-dictionary/decode.ts';
import { topLevelDomainList } from './tld-list.ts';
import { TOP_LEVEL_DOMAINS } from './tlds.generated.ts';

describe("IANA's top-level domains for the DNS rules", () => {
  it('are what the tlds package gives (regenerate with scripts/write-tld-list.ts after an upgrade)', () => {
    expect(decodePasswordList(TOP_LEVEL_DOMAINS)).toEqual(topLevelDomainList());
  });

  it('hold the catalogue, generic, new and IDN ones, in Punycode', () => {
    for (const tld of ['nl', 'com', 'eu', 'be', 'io', 'shop', 'amsterdam', 'frl', 'xn--q9jyb4c']) expect(isTopLevelDomain(tld), tld).toBe(true);
    for (const label of ['intern', 'local', 'localhost', 'mail', 'example', 'みんな', '']) expect(isTopLevelDomain(label), label).toBe(false);
  });

  it('stay small in the DNS page (6 kB, under 4 kB gzip)', () => {
    expect(TOP_LEVEL_DOMAINS.length).toBeLessThan(7_000);
  });

  it('decide whether a target is full or relative to the zone', () => {
    const zone = 'goudenkorst-webshop.com';
    expect(completeTarget('bakkerij.github.io', zone)).toBe('bakkerij.github.io.');
    expect(completeTarget('mail.example.nl', zone)).toBe('mail.example.nl.');
    expect(completeTarget('mail', zone)).toBe('mail.goudenkorst-webshop.com.');
    expect(completeTarget('nl', zone)).toBe('nl.goudenkorst-webshop.com.');
    expect(completeTarget('mail.intern', zone)).toBe('mail.intern.goudenkorst-webshop.com.');
    expect(completeTarget('mail.shop.@', zone)).toBe('mail.shop.goudenkorst-webshop.com.');
    expect(completeTarget('mail.example.nl.', zone)).toBe('mail.example.nl.');
    expect(completeTarget('@', zone)).toBe('goudenkorst-webshop.com.');
    // A zone under a name no registry delegates still knows its own names.
    expect(completeTarget('mail.shop.example', 'shop.example')).toBe('mail.shop.example.');
  });
});
