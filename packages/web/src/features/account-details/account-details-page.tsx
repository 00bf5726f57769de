import { Link } from 'react-router';
import type { TCustomerSummary } from '@kavel/core';
import { customerDataContracts } from '@kavel/core/contracts/customer-data';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../api/client.ts';
import { useT } from '../../i18n/use-t.ts';
import { ORDER_APP_PATHS } from '../../order-app/order-app-paths.ts';
import { Alert } from '../../ui/alert.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { CustomerDataForm } from '../accounts/customer-data-form.tsx';
import { AUTH_QUERY_KEY } from '../accounts/use-auth.ts';
import '../accounts/accounts.css';
import { useDetailsT } from './details-texts.ts';
import { MandateSection } from './mandate-section.tsx';
import './account-details.css';

/**
 * `/account/gegevens`: the customer's own data (the order app's customer-data form, with the
 * address autofill) and how they pay, where a mandate for direct debit can be given. The order
 * summary's admin-fee notice leads here (`?from=shop`), with the way back to the order. A sub-user
 * is told that only the account's owner can change them.
 */
export function AccountDetailsPage({ customer, fromShop }: { customer: TCustomerSummary; fromShop: boolean }) {
  const t = useDetailsT();
  return (
    <div className="account-details" data-testid="account-details">
      {fromShop && (
        <Alert tone="info" data-testid="account-details-from-shop">
          {t('fromShop')}{' '}
          <Link to={ORDER_APP_PATHS.summary} data-testid="back-to-order">
            {t('backToOrder')}
          </Link>
        </Alert>
      )}
      {customer.isSubUser ? (
        <Alert tone="info" data-testid="account-details-sub-user">
          {t('subUser')}
        </Alert>
      ) : (
        <>
          <CustomerDataSection customerId={customer.id} />
          <MandateSection />
        </>
      )}
    </div>
  );
}

function CustomerDataSection({ customerId }: { customerId: number }) {
  const t = useDetailsT();
  const translate = useT();
  const queryClient = useQueryClient();
  const data = useQuery({ queryKey: ['account', 'customer-data', customerId], queryFn: () => call(customerDataContracts.customerData), staleTime: 0 });
  const [saved, setSaved] = useState(false);
  if (data.isError) return <Alert tone="danger">{t('loadFailed')}</Alert>;
  if (!data.data) return <Spinner label={translate('common.loading')} />;
  return (
    <div className="account-details__data">
      {saved && (
        <Alert tone="success" data-testid="account-details-saved">
          {t('saved')}
        </Alert>
      )}
      <CustomerDataForm
        initial={data.data}
        submitLabel={t('save')}
        onSaved={() => {
          setSaved(true);
          // The name in the menu and the overview, and the order app's own view of the data.
          void queryClient.invalidateQueries({ queryKey: AUTH_QUERY_KEY });
          void queryClient.invalidateQueries({ queryKey: ['order-app'] });
        }}
      />
    </div>
  );
}
