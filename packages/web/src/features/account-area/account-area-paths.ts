import { pageHref, PAGES, type TextKey } from '@kavel/core';

/** The account's menu (spec 001 section 2: the order summary's targets and the domain holders), and its labels. */
export const ACCOUNT_AREA_PAGES = [
  { path: PAGES.account.path, label: 'accountArea.overview' },
  { path: PAGES.accountDomains.path, label: 'accountArea.domains' },
  { path: PAGES.accountHosting.path, label: 'accountArea.hosting' },
  { path: PAGES.accountVps.path, label: 'accountArea.vps' },
  { path: PAGES.accountHolders.path, label: 'accountArea.holders' },
  { path: PAGES.accountInvoices.path, label: 'accountArea.invoices' },
  { path: PAGES.accountDetails.path, label: 'accountArea.details' },
  { path: PAGES.accountApiKeys.path, label: 'accountArea.apiKeys', resellerOnly: true },
] as const satisfies readonly { path: string; label: TextKey; resellerOnly?: true }[];

/** The menu a customer sees: the API keys are a reseller's only (the server refuses the others anyway). */
export const accountMenuFor = (isReseller: boolean) => ACCOUNT_AREA_PAGES.filter((page) => isReseller || !('resellerOnly' in page));

export type AccountMenuPath = (typeof ACCOUNT_AREA_PAGES)[number]['path'];

/** Pages reached from the lists rather than the menu (spec 001 section 2: hosting packages, extra services). */
export const HOSTING_CHOICE_PATH = PAGES.hostingChoice.path;
/** The page's address is also its form's (`POST`, core's `productContracts.addExtraServices`). */
export const EXTRA_SERVICES_PATH = PAGES.extraServices.path;

/** A domain's DNS records (spec 001 section 2), reached from the domain list: `?name=<domain>`. */
export const DNS_MANAGEMENT_PATH = PAGES.dnsManagement.path;

/** The DNS profiles (spec 001 section 2): `?name=<domain>&profileId=<id>`, 'Back to overview' leading to the DNS page. */
export const DNS_PROFILES_PATH = PAGES.dnsProfiles.path;

/** The domain forwarding page (spec 001 section 2): `?name=<domain>`; its form posts to `/domein` below it. */
export const FORWARDING_PATH = PAGES.forwarding.path;

/** The forwarding page of a domain. */
export const forwardingHref = (domain: string) => pageHref(PAGES.forwarding, { search: { name: domain } });

/** The DNS page of a domain. */
export const dnsManagementHref = (domain: string) => pageHref(PAGES.dnsManagement, { search: { name: domain } });

/** The DNS page of a domain with one of its e-mail presets chosen (`mx`, `google`, `office`). */
export const mailPresetHref = (domain: string, preset: string) => pageHref(PAGES.dnsManagement, { search: { name: domain, mail: preset } });

export type AccountAreaPath = AccountMenuPath | typeof HOSTING_CHOICE_PATH | typeof EXTRA_SERVICES_PATH | typeof DNS_MANAGEMENT_PATH | typeof DNS_PROFILES_PATH | typeof FORWARDING_PATH;

export function isAccountAreaPath(path: string): path is AccountAreaPath {
  return path === HOSTING_CHOICE_PATH || path === EXTRA_SERVICES_PATH || path === DNS_MANAGEMENT_PATH || path === DNS_PROFILES_PATH || path === FORWARDING_PATH || ACCOUNT_AREA_PAGES.some((page) => page.path === path);
}
