import { domainKindOf, serviceTypeOf, serviceTypesFor, type ServiceCard, type TBasketItemOptions, type TProductType, type TServiceType } from '@kavel/core';
import type { BasketItemRow } from './basket-repository.ts';

/**
 * The item tree of step 2: a domain (`DOMAIN` or `DOMAIN_TRANSFER`, top level) with connected
 * items under it: at most one hosting package, its extra services (each once) and free install,
 * at most one redirect and, for a transfer, one transfer code. In the reseller channel: a reseller
 * package instead of the hosting package, and a transfer code.
 */
export const CONNECTED_TYPES = ['LINUX_PACKAGE', 'RESELLER_PACKAGE', 'EXTRA_SERVICE', 'FREE_INSTALL', 'REDIRECT', 'TRANSFER_CODE'] as const satisfies readonly TProductType[];
export type ConnectedType = (typeof CONNECTED_TYPES)[number];

/** Items that only exist with a hosting package: they go when it goes. */
export const HOSTING_DEPENDANTS = ['EXTRA_SERVICE', 'FREE_INSTALL'] as const satisfies readonly ConnectedType[];

/** What each service type keeps under its domain; choosing a type removes the other items. */
export const KEPT_BY_SERVICE_TYPE: Record<TServiceType, readonly ConnectedType[]> = {
  HOSTING: ['LINUX_PACKAGE', 'RESELLER_PACKAGE', 'EXTRA_SERVICE', 'FREE_INSTALL', 'TRANSFER_CODE'],
  REGISTRATION_ONLY: ['TRANSFER_CODE'],
  REDIRECT: ['REDIRECT'],
};

/** The connected item types that choosing `serviceType` removes. */
export function removedBy(serviceType: TServiceType): ConnectedType[] {
  const kept = KEPT_BY_SERVICE_TYPE[serviceType];
  return CONNECTED_TYPES.filter((type) => !kept.includes(type));
}

export const isDomainItem = (row: Pick<BasketItemRow, 'parentUnique' | 'productType'>): boolean =>
  row.parentUnique === null && (row.productType === 'DOMAIN' || row.productType === 'DOMAIN_TRANSFER');

/** The service cards of step 2 (the rules are core's, shared with the page): each domain with its connected items. */
export function serviceCardsOfRows(rows: readonly BasketItemRow[]): ServiceCard[] {
  return rows.filter(isDomainItem).map((domain) => ({
    unique: domain.unique,
    productType: domain.productType,
    options: domain.options,
    children: rows.filter((row) => row.parentUnique === domain.unique),
  }));
}

/** Whether step 2 offers `serviceType` for this domain (not registration or redirect for the customer's own domain). */
export const offersServiceType = (domain: BasketItemRow, serviceType: TServiceType): boolean => serviceTypesFor(domainKindOf(domain)).includes(serviceType);

/** The options a basket item shows on the wire, with their defaults filled in. */
export function wireOptions(row: BasketItemRow, children: readonly BasketItemRow[]): TBasketItemOptions {
  if (!isDomainItem(row)) return {};
  const offered = serviceTypesFor(domainKindOf(row));
  const chosen = serviceTypeOf(row, children);
  // A choice stored before the domain became the customer's own gives way to what is offered.
  const serviceType = offered.includes(chosen) ? chosen : (offered[0] ?? chosen);
  const domain: TBasketItemOptions = { serviceType, customWhoisId: row.options.customWhoisId ?? null };
  if (row.productType !== 'DOMAIN_TRANSFER') return domain;
  return {
    ...domain,
    ownerConfirmed: row.options.ownerConfirmed ?? false,
    transferDnsLater: row.options.transferDnsLater ?? false,
    dnsProfileId: row.options.dnsProfileId ?? null,
  };
}

/** The order of connected items under their domain: hosting first, then what hangs on it. */
const CONNECTED_ORDER: Record<string, number> = { LINUX_PACKAGE: 0, RESELLER_PACKAGE: 0, EXTRA_SERVICE: 1, FREE_INSTALL: 2, REDIRECT: 3, TRANSFER_CODE: 4 };
export const byConnectedOrder = (a: BasketItemRow, b: BasketItemRow): number =>
  (CONNECTED_ORDER[a.productType] ?? 9) - (CONNECTED_ORDER[b.productType] ?? 9) || a.id - b.id;
