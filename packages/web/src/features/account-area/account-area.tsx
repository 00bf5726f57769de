import { useLocation } from '../../app/router.ts';
import { useT } from '../../i18n/use-t.ts';
import { AccountAreaLayout } from './account-area-layout.tsx';
import { isAccountAreaPath, type AccountAreaPath } from './account-area-paths.ts';
import { AccountGate } from './account-gate.tsx';
import { AccountOverview, DomainsList, HostingList, InvoicesList } from './account-pages.tsx';

const TITLES = {
  '/account': 'accountArea.title',
  '/account/diensten/domeinen': 'accountArea.domains',
  '/account/diensten/hostingpakketten': 'accountArea.hosting',
  '/account/diensten/vpsen': 'accountArea.vps',
  '/account/facturen': 'accountArea.invoices',
} as const satisfies Record<AccountAreaPath, string>;

/** The account area (spec 001 section 2's 'continue to product' targets): simple lists of what the customer has. */
export function AccountArea() {
  const t = useT();
  const { path: current } = useLocation();
  const path: AccountAreaPath = isAccountAreaPath(current) ? current : '/account';
  return (
    <AccountAreaLayout path={path} title={t(TITLES[path])}>
      <AccountGate>
        {(customer) => {
          switch (path) {
            case '/account':
              return <AccountOverview name={`${customer.firstName} ${customer.lastName}`.trim() || customer.email} />;
            case '/account/diensten/domeinen':
              return <DomainsList customerId={customer.id} />;
            case '/account/diensten/hostingpakketten':
              return <HostingList customerId={customer.id} />;
            case '/account/diensten/vpsen':
              // No VPS products are sold yet, so there is nothing to list.
              return (
                <p className="account-area__empty" data-testid="account-vps-empty">
                  {t('accountArea.vps.empty')}
                </p>
              );
            case '/account/facturen':
              return <InvoicesList customerId={customer.id} />;
          }
        }}
      </AccountGate>
    </AccountAreaLayout>
  );
}
