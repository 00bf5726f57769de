import { describe, expect, it } from 'vitest';
import { canonicalIpv6, isIpv4, isIpv6 } from './ip.ts';
import { domainToAscii, domainToUnicode } from './punycode.ts';
import { quoteTxt, splitTxt, unquoteTxt } from './txt.ts';

describe('IDN: stored in punycode, shown in Unicode', () => {
  it.each([
    ['bücher.nl', 'xn--bcher-kva.nl'],
    ['München.DE', 'xn--mnchen-3ya.de'],
    ['例え.テスト', 'xn--r8jz45g.xn--zckzah'],
    ['www.goudenkorst.nl', 'www.goudenkorst.nl'],
  ])('%s <-> %s', (unicode, ascii) => {
    expect(domainToAscii(unicode)).toBe(ascii);
    expect(domainToUnicode(ascii)).toBe(unicode.toLowerCase());
  });
  it('shows a label that is not valid punycode as it is', () => {
    expect(domainToUnicode('xn--!!.nl')).toBe('xn--!!.nl');
  });
});

describe('addresses', () => {
  it.each(['0.0.0.0', '203.0.113.10', '255.255.255.255'])('IPv4 %s', (a) => expect(isIpv4(a)).toBe(true));
  it.each(['256.1.1.1', '1.2.3', '01.2.3.4', '1.2.3.4.5', ' 1.2.3.4'])('not IPv4 %s', (a) => expect(isIpv4(a)).toBe(false));
  it.each(['::', '::1', '2001:db8::10', '2001:0db8:0000:0000:0000:0000:0000:0001', '::ffff:192.0.2.1', 'fe80::1:2:3:4:5:6'])('IPv6 %s', (a) => expect(isIpv6(a)).toBe(true));
  it.each(['2001:db8::1::2', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7', '12345::', 'fe80::1%eth0', '::ffff:999.0.2.1'])('not IPv6 %s', (a) => expect(isIpv6(a)).toBe(false));
});

describe('TXT longer than 255 bytes is split into strings on publishing', () => {
  it('splits at 255 bytes and never inside a character', () => {
    expect(splitTxt('a'.repeat(600)).map((s) => s.length)).toEqual([255, 255, 90]);
    const pieces = splitTxt(`${'a'.repeat(254)}é`);
    expect(pieces).toEqual(['a'.repeat(254), 'é']);
  });
  it('quotes with escapes, and reads its own output back', () => {
    const text = `v=DKIM1; k=rsa; p=${'A'.repeat(300)} "q" \\`;
    const quoted = quoteTxt(text);
    expect(quoted.startsWith('"v=DKIM1; k=rsa; p=')).toBe(true);
    expect(quoted.split('" "')).toHaveLength(2);
    expect(unquoteTxt(quoted)).toBe(text);
  });
  it('reads \\DDD escapes and refuses an open quote', () => {
    expect(unquoteTxt('"caf\\195\\169"')).toBe('café');
    expect(unquoteTxt('"open')).toBeNull();
    expect(unquoteTxt('bare')).toBeNull();
  });
});

describe('IPv6 in its one text (RFC 5952)', () => {
  it.each([
    ['2001:0DB8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['0:0:0:0:0:0:0:0', '::'],
    ['::ffff:c000:0201', '::ffff:192.0.2.1'],
    ['fe80:0:0:0:1:0:0:0', 'fe80::1:0:0:0'],
    ['fe80:0:0:1:0:0:0:0', 'fe80:0:0:1::'],
  ])('%s is %s', (input, canonical) => expect(canonicalIpv6(input)).toBe(canonical));
});
