import type { TAdditionalProductPrices, TOrderItemType } from '@kavel/core';

export type Recommended = 'domain' | 'sharedHosting' | 'sslCertificate' | 'vpsHosting';

/** Spec 001 section 2: the product pages of the recommendations (Cloudflare has none to link to). */
const RECOMMENDED: readonly { key: Recommended; href: string; types: readonly TOrderItemType[] }[] = [
  { key: 'domain', href: '/domeinnaam', types: ['domain'] },
  { key: 'sharedHosting', href: '/webhosting', types: ['hosting'] },
  { key: 'sslCertificate', href: '/website/ssl-certificaat', types: ['ssl', 'sslmultidomains'] },
  { key: 'vpsHosting', href: '/hosting/vps', types: ['vpspackage'] },
];

/** The recommendations for an order of `type`: the others, with a price. */
export function recommendationsFor(type: TOrderItemType, prices: TAdditionalProductPrices) {
  return RECOMMENDED.filter((product) => !product.types.includes(type)).flatMap((product) => {
    const price = prices[product.key];
    return price === null ? [] : [{ ...product, price }];
  });
}
