import { contracts } from '@kavel/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../api/client.ts';
import { navigate } from '../app/router.ts';
import { useT } from '../i18n/use-t.ts';
import { Spinner } from '../ui/spinner.tsx';
import { useAuth } from '../features/accounts/use-auth.ts';
import { OrderAppLayout } from './order-app-layout.tsx';
import { ORDER_APP_PATHS } from './order-app-paths.ts';

/**
 * `/bestellen/` (entry): logged out -> login; logged in with incomplete data -> 'Gegevens
 * invullen'. The summary is not built yet, so a customer with complete data is sent on to the
 * order page's step 3.
 */
export function OrderAppEntryPage() {
  const t = useT();
  const auth = useAuth();
  const customer = auth.data?.loggedIn ? auth.data.customer : null;
  const loggedOut = auth.isSuccess && !customer;
  const complete = useQuery({ queryKey: ['order-app', 'data-complete'], queryFn: () => call(contracts.customerDataComplete), enabled: customer !== null, staleTime: 0 });

  useEffect(() => {
    if (loggedOut) navigate(ORDER_APP_PATHS.login, { replace: true });
    else if (complete.data === false) navigate(ORDER_APP_PATHS.customerData, { replace: true });
  }, [loggedOut, complete.data]);

  return (
    <OrderAppLayout title={t('orderApp.title')}>
      <div className="order-app__card card" data-testid="order-app-entry">
        <h1 className="order-app__title">{t('orderApp.title')}</h1>
        {customer && complete.data === true ? (
          <>
            <p>{t('orderApp.entry.loggedIn', { name: `${customer.firstName} ${customer.lastName}`.trim() })}</p>
            <p>
              <a className="button button--primary button--md" href="/bestelprocedure?finalStep=true">
                {t('orderApp.entry.continue')}
              </a>
            </p>
          </>
        ) : auth.isError || complete.isError ? (
          <div className="inline-error" role="alert">
            <p>{t('error.generic')}</p>
          </div>
        ) : (
          <Spinner label={t('common.loading')} />
        )}
      </div>
    </OrderAppLayout>
  );
}
