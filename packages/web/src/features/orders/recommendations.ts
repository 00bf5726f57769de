import { PAGES, type TAdditionalProductPrices, type TOrderItemType } from '@kavel/core';

export type Recommended = 'domain' | 'sharedHosting' | 'sslCertificate' | 'vpsHosting';

/** Spec 001 section 2: the product pages of the recommendations (Cloudflare has none to link to). */
const RECOMMENDED: readonly { key: Recommended; href: string; types: readonly TOrderItemType[] }[] = [
  { key: 'domain', href: PAGES.domainProduct.path, types: ['domain'] },
  { key: 'sharedHosting', href: PAGES.hostingProduct.path, types: ['hosting'] },
  { key: 'sslCertificate', href: PAGES.sslProduct.path, types: ['ssl', 'sslmultidomains'] },
  { key: 'vpsHosting', href: PAGES.vpsProduct.path, types: ['vpspackage'] },
];

/** The recommendations for an order of `type`: the others, with a price. */
export function recommendationsFor(type: TOrderItemType, prices: TAdditionalProductPrices) {
  return RECOMMENDED.filter((product) => !product.types.includes(type)).flatMap((product) => {
    const price = prices[product.key];
    return price === null ? [] : [{ ...product, price }];
  });
}
