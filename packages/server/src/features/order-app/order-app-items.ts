import { message, PAGES, parseFullDomain, type Locale, type OrderLinePricing, type TExistingDomainProduct, type TLocalBasket, type TOrderBasketItem } from '@kavel/core';
import type { HttpError} from '../../http/errors.ts';
import { refusal } from '../../http/errors.ts';
import type { CatalogueSnapshot } from '../catalogue/catalogue-service.ts';

/** What converting a local basket needs to know of the customer (nothing when logged out). */
export interface CustomerProducts {
  /** The customer's domains (lower case), with their ids. */
  domains: readonly { id: number; name: string }[];
  /** Hosting accounts by domain: the package a new one would replace. */
  hostingByDomain: ReadonlyMap<string, TExistingDomainProduct>;
  /** Domains already protected by Cloudflare. */
  cloudflareDomains: ReadonlySet<string>;
}

export interface ConversionContext {
  snapshot: CatalogueSnapshot;
  /** Null for a visitor: ownership cannot be checked until they log in. */
  products: CustomerProducts | null;
  /** Whether the domain is free to register; throws when the registry cannot say. */
  isFree(label: string, extension: string): Promise<boolean>;
  locale: Locale;
}

/** An item without its prices, how it is priced, and the local basket as the server keeps it. */
export interface ConvertedItem {
  item: Omit<TOrderBasketItem, 'productPrice' | 'discountedPrice' | 'discountReason' | 'monthlyPrice'>;
  pricing: OrderLinePricing;
  stored: TLocalBasket;
  /** The product page this came from: where a cancel sends the browser. */
  returnPath: string;
}

const HOST_NAME = /^(?:\*\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

function blank(local: TLocalBasket, productName: string): ConvertedItem['item'] {
  return {
    productId: local.productId,
    productCode: local.productCode,
    productName,
    type: local.type,
    title: productName,
    token: null,
    transferDnsLater: false,
    redirection: null,
    assignedDomain: null,
    assignedDomains: [],
    commonName: null,
    softwareId: null,
    vpsSpec: null,
    existingDomainProduct: null,
    existingDomainProducts: [],
    available: true,
  };
}

/** The customer's domain, checked: null when none is chosen (or nobody is logged in to check). */
function customerDomain(domain: string | undefined, context: ConversionContext): string | null {
  if (domain === undefined) return null;
  if (context.products && !context.products.domains.some((owned) => owned.name === domain)) throw refusal(context.locale, 400, 'orderAppDomainNotYours', 'assignedDomain');
  return domain;
}

const domainChoices = (products: CustomerProducts | null, exclude: ReadonlySet<string> = new Set()): TExistingDomainProduct[] =>
  (products?.domains ?? []).filter((domain) => !exclude.has(domain.name)).map((domain) => ({ id: domain.id, title: domain.name }));

/**
 * Turns the browser's stored local basket into an order-app item (spec 001 sections 3 and 4),
 * checked against the catalogue and, for a logged-in customer, their products: a domain they own
 * answers 409 'Dit domein is al in uw bezit.'; a domain that is not free becomes a transfer.
 */
export async function convertLocalBasket(local: TLocalBasket, context: ConversionContext): Promise<ConvertedItem> {
  const { snapshot, locale, products } = context;
  const unknown = () => refusal(locale, 400, 'orderAppProductUnknown');
  switch (local.type) {
    case 'domain': {
      const split = parseFullDomain(local.domain, [...snapshot.extensionsByName.keys()]);
      if (!split) throw refusal(locale, 400, 'orderAppNameInvalid', 'domain');
      const extension = snapshot.extensionsByName.get(split.extension);
      if (!extension || extension.productId !== local.productId) throw unknown();
      if (products?.domains.some((owned) => owned.name === local.domain)) throw refusal(locale, 409, 'orderAppDomainOwned');
      const free = await context.isFree(split.label, split.extension);
      const stored: TLocalBasket = { ...local, productCode: extension.productCode, transfer: !free };
      const item = { ...blank(local, extension.productName), productCode: extension.productCode, title: local.domain, available: free, token: free ? null : (local.token ?? null), transferDnsLater: !free && local.transferDnsLater === true };
      const pricing: OrderLinePricing = free
        ? { per: 'year', price: extension.originalPrice, firstYear: { price: extension.discountedPrice, reason: message(locale, 'orderAppWelcomePrice') } }
        : { per: 'year', price: extension.transferPrice };
      return { item, pricing, stored, returnPath: PAGES.domainProduct.path };
    }
    case 'hosting': {
      const hosting = snapshot.hostingById.get(local.productId);
      if (!hosting || hosting.reseller || hosting.productCode !== local.productCode) throw unknown();
      const assignedDomain = customerDomain(local.assignedDomain, context);
      const existing = assignedDomain ? (products?.hostingByDomain.get(assignedDomain) ?? null) : null;
      const item = { ...blank(local, hosting.productName), title: assignedDomain ?? hosting.productName, assignedDomain, existingDomainProduct: existing, existingDomainProducts: domainChoices(products) };
      const pricing: OrderLinePricing = { per: 'month', price: hosting.originalPrice, firstMonths: { price: hosting.discountedPrice, reason: message(locale, 'orderAppWelcomeDiscount') } };
      return { item, pricing, stored: local, returnPath: PAGES.hostingProduct.path };
    }
    case 'ssl':
    case 'sslmultidomains': {
      const product = snapshot.orderProductsById.get(local.productId);
      if (!product || (product.type !== 'ssl' && product.type !== 'sslmultidomains') || product.type !== local.type || product.productCode !== local.productCode) throw unknown();
      const names = local.type === 'sslmultidomains' ? [...new Set(local.assignedDomains.filter((name) => name !== local.commonName))] : [];
      const wildcard = local.commonName.startsWith('*.');
      if (!HOST_NAME.test(local.commonName) || wildcard !== product.wildcard || names.some((name) => !HOST_NAME.test(name) || name.startsWith('*.'))) {
        throw refusal(locale, 400, 'orderAppNameInvalid', 'commonName');
      }
      const extraNames = Math.max(0, 1 + names.length - product.includedNames);
      if (extraNames > 0 && product.extraNamePrice === null) throw refusal(locale, 400, 'orderAppTooManyNames', 'assignedDomains');
      const item = { ...blank(local, product.productName), title: local.commonName, commonName: local.commonName, assignedDomains: names };
      return { item, pricing: { per: 'year', price: product.price + extraNames * (product.extraNamePrice ?? 0) }, stored: local, returnPath: PAGES.sslProduct.path };
    }
    case 'cloudflare': {
      const plan = snapshot.orderProductsById.get(local.productId);
      if (!plan || plan.type !== 'cloudflare' || plan.productCode !== local.productCode) throw unknown();
      const assignedDomain = customerDomain(local.assignedDomain, context);
      if (assignedDomain && products?.cloudflareDomains.has(assignedDomain)) throw refusal(locale, 409, 'orderAppAlreadyProtected', 'assignedDomain');
      const item = { ...blank(local, plan.productName), title: assignedDomain ?? plan.productName, assignedDomain, existingDomainProducts: domainChoices(products, products?.cloudflareDomains) };
      return { item, pricing: { per: 'month', price: plan.price }, stored: local, returnPath: PAGES.sslProduct.path };
    }
    case 'vpspackage': {
      const vps = snapshot.orderProductsById.get(local.productId);
      if (!vps || vps.type !== 'vpspackage' || vps.productCode !== local.productCode) throw unknown();
      return { item: { ...blank(local, vps.productName), vpsSpec: vps.spec }, pricing: { per: 'month', price: vps.price }, stored: local, returnPath: PAGES.vpsProduct.path };
    }
  }
}

/** What must be chosen before the item can be ordered: a transfer code, a domain to protect or host. */
export function orderProblem(item: ConvertedItem['item'], locale: Locale): HttpError | null {
  if (item.type === 'domain' && !item.available && (item.token ?? '').trim() === '') return refusal(locale, 400, 'orderAppTransferCodeRequired', 'token');
  if ((item.type === 'cloudflare' || item.type === 'hosting') && item.assignedDomain === null) return refusal(locale, 400, 'orderAppChooseDomain', 'assignedDomain');
  return null;
}
