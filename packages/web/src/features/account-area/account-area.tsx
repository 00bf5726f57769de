import { lazy, Suspense } from 'react';
import type { TextKey } from '@kavel/core';
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
  '/account': 'accountArea.title',
  '/account/diensten/domeinen': 'accountArea.domains',
  '/account/diensten/hostingpakketten': 'accountArea.hosting',
  '/account/diensten/vpsen': 'accountArea.vps',
  '/account/domeinhouders': 'accountArea.holders',
  '/account/facturen': 'accountArea.invoices',
  '/account/gegevens': 'accountArea.details',
  '/account/api-sleutels': 'accountArea.apiKeys',
  '/account/webhosting': 'accountArea.addHosting',
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
  if (path === '/account/webhosting') return hostingChoice.mode === 'add' ? '/account/diensten/domeinen' : '/account/diensten/hostingpakketten';
  if (path === EXTRA_SERVICES_PATH) return '/account/diensten/hostingpakketten';
  if (path === DNS_MANAGEMENT_PATH || path === DNS_PROFILES_PATH || path === FORWARDING_PATH) return '/account/diensten/domeinen';
  return path;
}

/**
 * The account area (spec 001 section 2's 'continue to product' targets): simple lists of what the
 * customer has, and the pages that choose a hosting package or extras for it.
 */
export function AccountArea() {
  const t = useT();
  const { path: current, params } = useLocation();
  const path: AccountAreaPath = isAccountAreaPath(current) ? current : '/account';
  const hostingChoice = readHostingChoiceQuery(params);
  const title = path === '/account/webhosting' && hostingChoice.mode === 'upgrade' ? t('accountArea.changePackage') : t(TITLES[path]);
  const loading = <Spinner label={t('common.loading')} />;
  return (
    <AccountAreaLayout path={path} section={sectionOf(path, hostingChoice)} title={title}>
      <AccountGate>
        {(customer) => {
          switch (path) {
            case '/account':
              return <AccountOverview name={`${customer.firstName} ${customer.lastName}`.trim() || customer.email} isReseller={customer.isReseller} />;
            case '/account/diensten/domeinen':
              return <DomainsList customerId={customer.id} />;
            case '/account/diensten/hostingpakketten':
              return <HostingList customerId={customer.id} />;
            case '/account/diensten/vpsen':
              return <VpsList customerId={customer.id} />;
            case '/account/domeinhouders':
              return (
                <Suspense fallback={loading}>
                  <DomainHoldersPage view={readHolderView(params)} />
                </Suspense>
              );
            case '/account/facturen':
              return <InvoicesList customerId={customer.id} />;
            case '/account/gegevens':
              return (
                <Suspense fallback={loading}>
                  <AccountDetailsPage customer={customer} fromShop={params.get('from') === 'shop'} />
                </Suspense>
              );
            case '/account/api-sleutels':
              return (
                <Suspense fallback={loading}>
                  <ApiKeysPage />
                </Suspense>
              );
            case '/account/webhosting':
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
