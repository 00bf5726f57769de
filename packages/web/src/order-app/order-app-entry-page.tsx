import { customerDataContracts } from '@kavel/core/contracts/customer-data';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../api/client.ts';
import { navigate } from '../app/router.ts';
import { useT } from '../i18n/use-t.ts';
import { Alert } from '../ui/alert.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { useAuth } from '../features/accounts/use-auth.ts';
import { OrderAppLayout } from './order-app-layout.tsx';
import { ORDER_APP_PATHS } from './order-app-paths.ts';
import { isOwnedDomain, useOrderBasket } from './order-basket.ts';
import { OwnedDomainAlert } from './owned-domain-alert.tsx';

/** The shop's home, where an empty basket goes: a page the server renders, so the browser loads it. */
const SHOP_HOME = '/';

/**
 * `/bestellen/` (entry, spec 001 section 2): loads the basket (converting the stored local
 * basket), then routes: empty basket -> the shop's home; logged out -> login; logged in with
 * incomplete data -> 'Gegevens invullen'; complete -> the summary.
 */
export function OrderAppEntryPage() {
  const t = useT();
  const basket = useOrderBasket();
  const auth = useAuth();
  const customer = auth.data?.loggedIn ? auth.data.customer : null;
  const filled = basket.data?.empty === false;
  const complete = useQuery({ queryKey: ['order-app', 'data-complete'], queryFn: () => call(customerDataContracts.customerDataComplete), enabled: filled && customer !== null, staleTime: 0 });

  useEffect(() => {
    if (basket.data?.empty === true) window.location.replace(SHOP_HOME);
    else if (!filled || !auth.isSuccess) return;
    else if (!customer) navigate(ORDER_APP_PATHS.login, { replace: true });
    else if (complete.data === false) navigate(ORDER_APP_PATHS.customerData, { replace: true });
    else if (complete.data === true) navigate(ORDER_APP_PATHS.summary, { replace: true });
  }, [basket.data?.empty, filled, auth.isSuccess, customer, complete.data]);

  return (
    <OrderAppLayout title={t('orderApp.title')}>
      <div className="order-app__card card" data-testid="order-app-entry">
        <h1 className="order-app__title">{t('orderApp.title')}</h1>
        {isOwnedDomain(basket.error) ? (
          <OwnedDomainAlert />
        ) : basket.isError || auth.isError || complete.isError ? (
          <Alert tone="danger">{t('error.generic')}</Alert>
        ) : (
          <Spinner label={t('common.loading')} />
        )}
      </div>
    </OrderAppLayout>
  );
}
