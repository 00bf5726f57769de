import { sessionContracts } from '@kavel/core/contracts/session';
import { customerDataContracts } from '@kavel/core/contracts/customer-data';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../api/client.ts';
import { navigate } from '../app/router.ts';
import { CustomerDataForm } from '../features/accounts/customer-data-form.tsx';
import { useT } from '../i18n/use-t.ts';
import { Alert } from '../ui/alert.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { OrderAppLayout } from './order-app-layout.tsx';
import { ORDER_APP_PATHS } from './order-app-paths.ts';

/**
 * `/bestellen/gegevens-invullen` ('Gegevens invullen', spec 001 sections 2 and 4): a spinner while
 * it checks the login; logged out goes to login, complete data goes on; otherwise the form,
 * prefilled with what the account holds. 'Doorgaan' saves and goes on.
 */
export function CustomerDataPage() {
  const t = useT();
  const loggedIn = useQuery({ queryKey: ['order-app', 'logged-in'], queryFn: () => call(sessionContracts.loggedIn), staleTime: 0 });
  const complete = useQuery({ queryKey: ['order-app', 'data-complete'], queryFn: () => call(customerDataContracts.customerDataComplete), enabled: loggedIn.data === true, staleTime: 0 });
  const data = useQuery({ queryKey: ['order-app', 'customer-data'], queryFn: () => call(customerDataContracts.customerData), enabled: complete.data === false, staleTime: 0 });

  useEffect(() => {
    if (loggedIn.data === false) navigate(ORDER_APP_PATHS.login, { replace: true });
    else if (complete.data === true) navigate(ORDER_APP_PATHS.summary, { replace: true });
  }, [loggedIn.data, complete.data]);

  const failed = loggedIn.isError || complete.isError || data.isError;
  return (
    <OrderAppLayout title={t('orderApp.customerData.title')} width="medium">
      <h1 className="order-app__title">{t('orderApp.customerData.title')}</h1>
      {failed ? (
        <Alert tone="danger" data-testid="customer-data-load-failed">
          {t('orderApp.customerData.loadFailed')}
        </Alert>
      ) : data.data ? (
        <CustomerDataForm className="order-app__card card" initial={data.data} submitLabel={t('orderApp.customerData.submit')} onSaved={() => navigate(ORDER_APP_PATHS.summary)} />
      ) : (
        <Spinner label={t('common.loading')} />
      )}
    </OrderAppLayout>
  );
}

