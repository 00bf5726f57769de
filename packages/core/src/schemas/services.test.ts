import { describe, expect, it } from 'vitest';
import { ZAddItemRequest } from './basket.ts';
import { ZRedirectUrl, ZTransferCode } from './services.ts';

describe('redirect URL', () => {
  it('takes http and https URLs on a domain name, trimmed', () => {
    expect(ZRedirectUrl.parse(' https://example.nl ')).toBe('https://example.nl');
    expect(ZRedirectUrl.parse('http://www.example.com/pad?x=1#y')).toBe('http://www.example.com/pad?x=1#y');
  });

  it('takes an address without a scheme as https', () => {
    expect(ZRedirectUrl.parse(' www.example.nl ')).toBe('https://www.example.nl');
    expect(ZRedirectUrl.parse('example.nl/pad')).toBe('https://example.nl/pad');
    expect(ZRedirectUrl.parse('example.nl:8080/pad')).toBe('https://example.nl:8080/pad');
    expect(ZRedirectUrl.parse('//example.nl')).toBe('https://example.nl');
  });

  it('refuses other schemes, bare names, hosts without a dot and anything over 255 characters, with the spec message key', () => {
    for (const value of ['ftp:/x', 'ftp://example.nl', 'mailto:info@example.nl', 'localhost', 'http://x', 'javascript:alert(1)', 'https://', `https://${'a'.repeat(245)}.nl/xx`, '']) {
      const result = ZRedirectUrl.safeParse(value);
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]?.message, value).toBe('redirectUrl');
    }
  });
});

describe('transfer code', () => {
  it('takes printable codes without spaces, up to 128 characters', () => {
    expect(ZTransferCode.parse(' Xk9#-a!b ')).toBe('Xk9#-a!b');
    expect(ZTransferCode.parse('\tXk9#-a!b\n')).toBe('Xk9#-a!b');
    const messageOf = (value: string) => ZTransferCode.safeParse(value).error?.issues[0]?.message;
    expect(messageOf('met spatie')).toBe('transferCodeSpace');
    expect(messageOf('met\u00a0spatie')).toBe('transferCodeSpace');
    expect(messageOf('')).toBe('transferCode');
    expect(messageOf('   ')).toBe('transferCode');
    expect(messageOf('códe')).toBe('transferCodeCharacter');
    expect(messageOf('x'.repeat(129))).toBe('transferCodeLength');
  });
});

describe('addItem request', () => {
  it('needs a name for a domain, but nothing more than the product for a connected item', () => {
    expect(ZAddItemRequest.safeParse({ productId: 1, productCode: 'DOMAIN_NL' }).success).toBe(false);
    expect(ZAddItemRequest.safeParse({ productId: 1, productCode: 'HOSTING_BASIC', parentId: 'abc' }).success).toBe(true);
    expect(ZAddItemRequest.parse({ productId: '5001', productCode: 'REDIRECT', parentId: 'abc', value: 'https://example.nl', dnsProfileId: null })).toMatchObject({ productId: 5001, dnsProfileId: null });
  });
});
