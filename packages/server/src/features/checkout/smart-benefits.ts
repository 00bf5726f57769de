import type { TAdditionalServiceProposal, TAdditionalServiceType, TBasket, TBasketItem, THostingPackage, TSslProposal } from '@kavel/core';
import type { BasketAddition } from '../basket/basket-service.ts';
import type { CatalogueSnapshot } from '../catalogue/catalogue-service.ts';

/** The product codes of the smart benefits (catalogue data). */
export const SMART_BENEFIT_CODES = { intro: 'HOSTING_INTRO', basic: 'HOSTING_BASIC', premium: 'HOSTING_PREMIUM', ssl: 'SSL_DV' } as const;

/** One step up the ladder the modal offers: Intro to Basic, Basic to Premium; nothing above. */
const UPGRADES: Record<string, { serviceType: TAdditionalServiceType; to: string }> = {
  [SMART_BENEFIT_CODES.intro]: { serviceType: 'UPGRADE_TO_BASIC_HOSTING', to: SMART_BENEFIT_CODES.basic },
  [SMART_BENEFIT_CODES.basic]: { serviceType: 'UPGRADE_TO_PREMIUM_HOSTING', to: SMART_BENEFIT_CODES.premium },
};

export interface SmartBenefits {
  hosting: TAdditionalServiceProposal;
  ssl: TSslProposal;
  /** What accepting each offer puts in the basket (null with NONE). */
  hostingAddition: BasketAddition | null;
  sslAddition: BasketAddition | null;
  /** Whether the domain the offers are for has a hosting package now (else only the hosting offer gives it one). */
  targetHasHosting: boolean;
}

const NO_HOSTING: TAdditionalServiceProposal = { serviceType: 'NONE', price: 0, domain: null, productName: null };
const NO_SSL: TSslProposal = { serviceType: 'NONE', price: 0, domain: null, productName: null };
const NOTHING: SmartBenefits = { hosting: NO_HOSTING, ssl: NO_SSL, hostingAddition: null, sslAddition: null, targetHasHosting: false };

const isNewDomain = (item: TBasketItem) => (item.productType === 'DOMAIN' || item.productType === 'DOMAIN_TRANSFER') && !item.invoiced;
const packageOf = (item: TBasketItem) => item.connectedItem.find((child) => child.productType === 'LINUX_PACKAGE') ?? null;

/**
 * What the smart-benefits modal offers for this basket (spec 000 sections 3, 4 and 9). Nothing for
 * a hosting upgrade. With hosting on a new domain: the cheapest such package one level up. Without:
 * Intro hosting for the first new domain set to hosting or registration only. Hosting prices are
 * per month, the difference of the 6-month discount prices. SSL: the standard certificate for that
 * same domain unless it has one, at its yearly price.
 */
export function proposeSmartBenefits(basket: TBasket, catalogue: CatalogueSnapshot): SmartBenefits {
  if (basket.hostingUpgrade) return NOTHING;
  const byCode = (code: string): THostingPackage | undefined => catalogue.catalogue.hostingPackages.find((p) => p.productCode === code && !p.reseller);
  const domains = basket.items.filter(isNewDomain);

  let target: TBasketItem | null = null;
  let current: THostingPackage | null = null;
  for (const domain of domains) {
    const hosting = packageOf(domain);
    const product = hosting ? catalogue.hostingById.get(hosting.productId) : undefined;
    if (product && (!current || product.discountedPrice < current.discountedPrice)) {
      target = domain;
      current = product;
    }
  }
  target ??= domains.find((domain) => domain.options.serviceType === 'HOSTING' || domain.options.serviceType === 'REGISTRATION_ONLY') ?? null;
  if (!target) return NOTHING;

  let hosting = NO_HOSTING;
  let hostingAddition: BasketAddition | null = null;
  const upgrade = current ? UPGRADES[current.productCode] : { serviceType: 'ADD_INTRO_HOSTING' as const, to: SMART_BENEFIT_CODES.intro };
  const offered = upgrade ? byCode(upgrade.to) : undefined;
  if (upgrade && offered) {
    hosting = { serviceType: upgrade.serviceType, price: offered.discountedPrice - (current?.discountedPrice ?? 0), domain: target.title, productName: offered.productName };
    hostingAddition = { parentUnique: target.unique, productId: offered.productId, productCode: offered.productCode };
  }

  let ssl = NO_SSL;
  let sslAddition: BasketAddition | null = null;
  const certificate = catalogue.catalogue.extraServices.find((extra) => extra.productCode === SMART_BENEFIT_CODES.ssl);
  // A certificate needs a package: the target's own, or the one offered with it.
  const canHaveHosting = current !== null || hostingAddition !== null;
  if (certificate && canHaveHosting && !target.connectedItem.some((child) => child.productId === certificate.productId)) {
    ssl = { serviceType: 'ADD_SSL', price: certificate.price, domain: target.title, productName: certificate.productName };
    sslAddition = { parentUnique: target.unique, productId: certificate.productId, productCode: certificate.productCode };
  }
  return { hosting, ssl, hostingAddition, sslAddition, targetHasHosting: current !== null };
}
