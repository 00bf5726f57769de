import { useEffect } from 'react';
import { navigate } from '../app/router.ts';
import { useT } from '../i18n/use-t.ts';
import { Spinner } from '../ui/spinner.tsx';
import { useAuth } from '../features/accounts/use-auth.ts';
import { OrderAppLayout } from './order-app-layout.tsx';
import { ORDER_APP_PATHS } from './order-app-paths.ts';

/**
 * `/bestellen/` (entry): logged out -> login. The screens after login (customer data, summary)
 * are not built yet, so a logged-in customer is sent on to the order page's step 3.
 */
export function OrderAppEntryPage() {
  const t = useT();
  const auth = useAuth();
  const customer = auth.data?.loggedIn ? auth.data.customer : null;
  const loggedOut = auth.isSuccess && !customer;

  useEffect(() => {
    if (loggedOut) navigate(ORDER_APP_PATHS.login, { replace: true });
  }, [loggedOut]);

  return (
    <OrderAppLayout title={t('orderApp.title')}>
      <div className="order-app__card card" data-testid="order-app-entry">
        <h1 className="order-app__title">{t('orderApp.title')}</h1>
        {customer ? (
          <>
            <p>{t('orderApp.entry.loggedIn', { name: `${customer.firstName} ${customer.lastName}`.trim() })}</p>
            <p>
              <a className="button button--primary button--md" href="/bestelprocedure?finalStep=true">
                {t('orderApp.entry.continue')}
              </a>
            </p>
          </>
        ) : auth.isError ? (
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
