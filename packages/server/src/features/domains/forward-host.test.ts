import { describe, expect, it } from 'vitest';
import { hostCandidates, normaliseHost } from './forward-host.ts';

describe('the Host header of a forwarded request', () => {
  it('is lower-cased, loses its port and trailing dot, and an internationalised name becomes Punycode', () => {
    expect(normaliseHost('GoudenKorst-Webshop.COM')).toBe('goudenkorst-webshop.com');
    expect(normaliseHost('goudenkorst-webshop.com:8088')).toBe('goudenkorst-webshop.com');
    expect(normaliseHost('goudenkorst-webshop.com.')).toBe('goudenkorst-webshop.com');
    expect(normaliseHost('Bäckerei-Müller.de:80')).toBe('xn--bckerei-mller-bfb28a.de');
    expect(normaliseHost('xn--bckerei-mller-bfb28a.de')).toBe('xn--bckerei-mller-bfb28a.de');
  });

  it('is no name when missing, an address or malformed', () => {
    for (const header of [undefined, '', '203.0.113.80', '203.0.113.80:8088', '[2001:db8::1]:80', 'localhost', 'a.nl:port', 'a b.nl', 'a_b.nl']) {
      expect(normaliseHost(header), String(header)).toBeNull();
    }
  });

  it("is answered by the domain's forward for www. too", () => {
    expect(hostCandidates('www.goudenkorst-webshop.com')).toEqual(['www.goudenkorst-webshop.com', 'goudenkorst-webshop.com']);
    expect(hostCandidates('goudenkorst-webshop.com')).toEqual(['goudenkorst-webshop.com']);
    expect(hostCandidates('www.nl')).toEqual(['www.nl']);
  });
});
