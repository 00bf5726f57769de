import { describe, expect, it } from 'vitest';
import { recommendationsFor } from './recommendations.ts';

const prices = { domain: 42, sharedHosting: 149, sslCertificate: 167, vpsHosting: null, cloudflare: null };

describe('recommendationsFor', () => {
  it('leaves out the type just ordered and products without a price', () => {
    expect(recommendationsFor('domain', prices).map((product) => [product.key, product.href, product.price])).toEqual([
      ['sharedHosting', '/webhosting', 149],
      ['sslCertificate', '/website/ssl-certificaat', 167],
    ]);
    expect(recommendationsFor('hosting', prices).map((product) => product.key)).toEqual(['domain', 'sslCertificate']);
    expect(recommendationsFor('sslmultidomains', { ...prices, vpsHosting: 999 }).map((product) => product.key)).toEqual(['domain', 'sharedHosting', 'vpsHosting']);
  });
});
