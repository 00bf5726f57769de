import { lazy, Suspense, type ReactNode } from 'react';
import type { TCustomerSummary } from '@kavel/core';
import { ACCOUNT_PAGES } from '@kavel/core';
import { navigate } from '../../app/router.ts';
import { useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import '../accounts/accounts.css';
import { useCustomer } from './use-account-data.ts';

// Fetched only for a visitor: a logged-in customer's first screen does not carry the form, its
// form library and the captcha.
const LoginForm = lazy(() => import('../accounts/login-form.tsx').then((m) => ({ default: m.LoginForm })));

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
      <Suspense fallback={<Spinner label={t('common.loading')} />}>
        <LoginForm onLoggedIn={() => undefined} onForgotPassword={() => navigate(ACCOUNT_PAGES.forgotPassword)} />
      </Suspense>
    </div>
  );
}
