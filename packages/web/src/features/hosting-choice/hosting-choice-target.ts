import type { TCustomerDomain, THostingAccount, THostingPackage } from '@kavel/core';
import { EXTRA_SERVICES_PATH, HOSTING_CHOICE_PATH } from '../account-area/account-area-paths.ts';

// The links to these pages live here rather than in account-area-paths.ts, which the order page loads up front.

/** `/account/webhosting?domein=…`: hosting for a domain the customer has. */
export const addHostingHref = (domain: string) => `${HOSTING_CHOICE_PATH}?domein=${encodeURIComponent(domain)}`;
/** `/account/webhosting?id=…`: another package for a hosting account. */
export const changePackageHref = (hostingAccountId: number) => `${HOSTING_CHOICE_PATH}?id=${hostingAccountId}`;
/** `/account/diensten-toevoegen?id=…`: extras for a hosting account. */
export const addServicesHref = (hostingAccountId: number) => `${EXTRA_SERVICES_PATH}?id=${hostingAccountId}`;

/** What the query of `/account/webhosting` asks for: `?id=` (another package) wins over `?domein=` (hosting for a domain). */
export type HostingChoiceQuery = { mode: 'upgrade'; id: number | null } | { mode: 'add'; domain: string } | { mode: 'none' };

/** A hosting account id from the query (`?id=12`), or null when it is missing or not a plain number. */
export function readAccountId(params: URLSearchParams): number | null {
  const value = params.get('id')?.trim() ?? '';
  return /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

export function readHostingChoiceQuery(params: URLSearchParams): HostingChoiceQuery {
  if (params.has('id')) return { mode: 'upgrade', id: readAccountId(params) };
  const domain = params.get('domein')?.trim().toLowerCase() ?? '';
  return domain ? { mode: 'add', domain } : { mode: 'none' };
}

/** What the page shows once the customer's domains and hosting accounts are known. */
export type HostingChoice =
  | { state: 'add'; domain: string }
  | { state: 'upgrade'; account: THostingAccount }
  | { state: 'hasHosting'; domain: string; account: THostingAccount | null }
  | { state: 'cancelled'; account: THostingAccount }
  | { state: 'unknownDomain'; domain: string }
  | { state: 'unknownPackage' }
  | { state: 'missing' };

/** The customer's account with this id, if it is theirs (the list is already scoped by the server). */
export function findHostingAccount(accounts: readonly THostingAccount[], id: number | null): THostingAccount | null {
  return id === null ? null : (accounts.find((account) => account.id === id) ?? null);
}

export function resolveHostingChoice(query: HostingChoiceQuery, domains: readonly TCustomerDomain[], accounts: readonly THostingAccount[]): HostingChoice {
  switch (query.mode) {
    case 'none':
      return { state: 'missing' };
    case 'upgrade': {
      const account = findHostingAccount(accounts, query.id);
      if (!account) return { state: 'unknownPackage' };
      return account.status === 'cancelled' ? { state: 'cancelled', account } : { state: 'upgrade', account };
    }
    case 'add': {
      const domain = domains.find((candidate) => candidate.name.toLowerCase() === query.domain);
      if (!domain) return { state: 'unknownDomain', domain: query.domain };
      if (!domain.hasHosting) return { state: 'add', domain: domain.name };
      const account = accounts.find((candidate) => candidate.domain === domain.name && candidate.status !== 'cancelled') ?? null;
      return { state: 'hasHosting', domain: domain.name, account };
    }
  }
}

/**
 * The packages the page offers (spec 001 section 2), in catalogue order (Intro to 3XL, then the
 * reseller packages): a customer gets the customer packages; a reseller gets the reseller
 * packages as well, which the hosting entry puts in the reseller basket. Changing a package
 * (`upgradeOf`, the current package's id) offers the packages of the current one's kind.
 */
export function packagesFor(packages: readonly THostingPackage[], isReseller: boolean, upgradeOf: number | null = null): THostingPackage[] {
  const offered = isReseller ? [...packages] : packages.filter((pkg) => !pkg.reseller);
  if (upgradeOf === null) return offered;
  const currentIsReseller = packages.find((pkg) => pkg.productId === upgradeOf)?.reseller === true;
  return offered.filter((pkg) => pkg.reseller === currentIsReseller);
}
