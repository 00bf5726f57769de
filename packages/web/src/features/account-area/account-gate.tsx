import type { ReactNode } from 'react';
import type { TCustomerSummary } from '@kavel/core';
import { ACCOUNT_PAGES } from '@kavel/core';
import { navigate } from '../../app/router.ts';
import { useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { LoginForm } from '../accounts/login-form.tsx';
import '../accounts/accounts.css';
import { useCustomer } from './use-account-data.ts';

/** Shows the page to a logged-in customer; anyone else gets the login form right here. */
export function AccountGate({ children }: { children: (customer: TCustomerSummary) => ReactNode }) {
  const t = useT();
  const { known, failed, customer } = useCustomer();
  if (customer) return <>{children(customer)}</>;
  if (failed) return <Alert tone="danger">{t('error.generic')}</Alert>;
  if (!known) return <Spinner label={t('common.loading')} />;
  return (
    <div className="account-gate" data-testid="account-login-needed">
      <p>{t('accountArea.loginNeeded')}</p>
      <LoginForm onLoggedIn={() => undefined} onForgotPassword={() => navigate(ACCOUNT_PAGES.forgotPassword)} />
    </div>
  );
}
