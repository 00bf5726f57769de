import { describe, expect, it } from 'vitest';
import { isHostName } from './host-name.ts';

describe('a host name', () => {
  it('is letters, digits and hyphens in labels of 1 to 63, at most 253 in all, in any case, with or without the root dot', () => {
    for (const name of ['goudenkorst-webshop.com', 'WWW.GoudenKorst-Webshop.COM.', 'xn--bckerei-mller-bfb28a.de', 'localhost', '203.0.113.80', 'a.b', `${'a'.repeat(63)}.nl`, `${'abcdefghi.'.repeat(25)}com`]) {
      expect(isHostName(name), name).toBe(true);
    }
  });

  it('is nothing else: no escapes, paths, credentials, ports, blanks, underscores, empty labels or hyphens at a label edge', () => {
    const names = ['', '.', 'alpha.nl\\evil.nl', 'alpha.nl/x', 'alpha%2enl', 'evil.nl@alpha.nl', 'alpha.nl:80', 'alpha.nl ', ' alpha.nl', 'al pha.nl', 'alpha.nl\u00a0', 'a_b.nl', 'alpha..nl', '.alpha.nl', 'alpha.nl..', '-alpha.nl', 'alpha-.nl', 'bäckerei.de', '[2001:db8::1]', `${'a'.repeat(64)}.nl`, `${'abcdefghi.'.repeat(26)}com`];
    for (const name of names) expect(isHostName(name), JSON.stringify(name)).toBe(false);
  });
});
