import { lazy, Suspense } from 'react';
import { PAGES, type TextKey } from '@kavel/core';
import { useLocation } from '../../app/router.ts';
import { useT } from '../../i18n/use-t.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { readAccountId, readHostingChoiceQuery, type HostingChoiceQuery } from '../hosting-choice/hosting-choice-target.ts';
import { AccountAreaLayout } from './account-area-layout.tsx';
import { DNS_MANAGEMENT_PATH, DNS_PROFILES_PATH, EXTRA_SERVICES_PATH, FORWARDING_PATH, isAccountAreaPath, type AccountAreaPath, type AccountMenuPath } from './account-area-paths.ts';
import { AccountGate } from './account-gate.tsx';
import { AccountOverview, HostingList, InvoicesList } from './account-pages.tsx';
import { DomainsList } from './domains-list.tsx';
import { VpsList } from './vps-list.tsx';
import { readHolderView } from '../domain-holders/holder-paths.ts';

// The pages that start an order from the account are fetched when opened, not with the lists.
const HostingChoicePage = lazy(() => import('../hosting-choice/hosting-choice-page.tsx').then((m) => ({ default: m.HostingChoicePage })));
const DnsManagementPage = lazy(() => import('../dns/dns-page.tsx').then((m) => ({ default: m.DnsManagementPage })));
const DnsProfilesPage = lazy(() => import('../dns/dns-profiles-page.tsx').then((m) => ({ default: m.DnsProfilesPage })));
const DomainHoldersPage = lazy(() => import('../domain-holders/holders-page.tsx').then((m) => ({ default: m.DomainHoldersPage })));
const ForwardingPage = lazy(() => import('../forwarding/forwarding-page.tsx').then((m) => ({ default: m.ForwardingPage })));
const ApiKeysPage = lazy(() => import('../api-keys/api-keys-page.tsx').then((m) => ({ default: m.ApiKeysPage })));
const AccountDetailsPage = lazy(() => import('../account-details/account-details-page.tsx').then((m) => ({ default: m.AccountDetailsPage })));
const ExtraServicesPage = lazy(() => import('../hosting-choice/extra-services-page.tsx').then((m) => ({ default: m.ExtraServicesPage })));

const TITLES = {
  [PAGES.account.path]: 'accountArea.title',
  [PAGES.accountDomains.path]: 'accountArea.domains',
  [PAGES.accountHosting.path]: 'accountArea.hosting',
  [PAGES.accountVps.path]: 'accountArea.vps',
  [PAGES.accountHolders.path]: 'accountArea.holders',
  [PAGES.accountInvoices.path]: 'accountArea.invoices',
  [PAGES.accountDetails.path]: 'accountArea.details',
  [PAGES.accountApiKeys.path]: 'accountArea.apiKeys',
  [PAGES.hostingChoice.path]: 'accountArea.addHosting',
  [EXTRA_SERVICES_PATH]: 'accountArea.addServices',
  [DNS_MANAGEMENT_PATH]: 'accountArea.dns',
  [DNS_PROFILES_PATH]: 'accountArea.dnsProfiles',
  [FORWARDING_PATH]: 'accountArea.forwarding',
} as const satisfies Record<AccountAreaPath, TextKey>;

/** `profileId` of the DNS profiles page: a positive whole number, or none. */
function readProfileId(params: URLSearchParams): number | null {
  const value = params.get('profileId') ?? '';
  return /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : null;
}

/** The menu entry a page belongs to: hosting for a domain comes from the domains, the rest from the hosting packages. */
function sectionOf(path: AccountAreaPath, hostingChoice: HostingChoiceQuery): AccountMenuPath {
  if (path === PAGES.hostingChoice.path) return hostingChoice.mode === 'add' ? PAGES.accountDomains.path : PAGES.accountHosting.path;
  if (path === EXTRA_SERVICES_PATH) return PAGES.accountHosting.path;
  if (path === DNS_MANAGEMENT_PATH || path === DNS_PROFILES_PATH || path === FORWARDING_PATH) return PAGES.accountDomains.path;
  return path;
}

/**
 * The account area (spec 001 section 2's 'continue to product' targets): simple lists of what the
 * customer has, and the pages that choose a hosting package or extras for it.
 */
export function AccountArea() {
  const t = useT();
  const { path: current, params } = useLocation();
  const path: AccountAreaPath = isAccountAreaPath(current) ? current : PAGES.account.path;
  const hostingChoice = readHostingChoiceQuery(params);
  const title = path === PAGES.hostingChoice.path && hostingChoice.mode === 'upgrade' ? t('accountArea.changePackage') : t(TITLES[path]);
  const loading = <Spinner label={t('common.loading')} />;
  return (
    <AccountAreaLayout path={path} section={sectionOf(path, hostingChoice)} title={title}>
      <AccountGate>
        {(customer) => {
          switch (path) {
            case PAGES.account.path:
              return <AccountOverview name={`${customer.firstName} ${customer.lastName}`.trim() || customer.email} isReseller={customer.isReseller} />;
            case PAGES.accountDomains.path:
              return <DomainsList customerId={customer.id} />;
            case PAGES.accountHosting.path:
              return <HostingList customerId={customer.id} />;
            case PAGES.accountVps.path:
              return <VpsList customerId={customer.id} />;
            case PAGES.accountHolders.path:
              return (
                <Suspense fallback={loading}>
                  <DomainHoldersPage view={readHolderView(params)} />
                </Suspense>
              );
            case PAGES.accountInvoices.path:
              return <InvoicesList customerId={customer.id} />;
            case PAGES.accountDetails.path:
              return (
                <Suspense fallback={loading}>
                  <AccountDetailsPage customer={customer} fromShop={params.get('from') === 'shop'} />
                </Suspense>
              );
            case PAGES.accountApiKeys.path:
              return (
                <Suspense fallback={loading}>
                  <ApiKeysPage />
                </Suspense>
              );
            case PAGES.hostingChoice.path:
              return (
                <Suspense fallback={loading}>
                  <HostingChoicePage customer={customer} query={hostingChoice} />
                </Suspense>
              );
            case DNS_MANAGEMENT_PATH:
              return (
                <Suspense fallback={loading}>
                  <DnsManagementPage name={params.get('name') ?? ''} mailPreset={params.get('mail')} />
                </Suspense>
              );
            case DNS_PROFILES_PATH:
              return (
                <Suspense fallback={loading}>
                  <DnsProfilesPage domain={params.get('name') ?? ''} profileId={readProfileId(params)} />
                </Suspense>
              );
            case FORWARDING_PATH:
              return (
                <Suspense fallback={loading}>
                  <ForwardingPage name={params.get('name') ?? ''} />
                </Suspense>
              );
            case EXTRA_SERVICES_PATH:
              return (
                <Suspense fallback={loading}>
                  <ExtraServicesPage customer={customer} accountId={readAccountId(params)} />
                </Suspense>
              );
          }
        }}
      </AccountGate>
    </AccountAreaLayout>
  );
}
