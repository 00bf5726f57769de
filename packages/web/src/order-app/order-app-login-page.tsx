import { useId } from 'react';
import { safeReturnPath, ZLoginFormError } from '@kavel/core';
import { useLocation } from '../app/router.ts';
import { useT } from '../i18n/use-t.ts';
import { Alert } from '../ui/alert.tsx';
import { useAuth } from '../features/accounts/use-auth.ts';
import { OrderAppLayout } from './order-app-layout.tsx';
import { OrderAppLoginForm } from './order-app-login-form.tsx';
import { OrderAppRegistrationForm } from './order-app-registration-form.tsx';

/** `/bestellen/inloggen` ('Inloggen'): log in to finish the order, or create an account. */
export function OrderAppLoginPage() {
  const t = useT();
  const loginId = useId();
  const registerId = useId();
  const { params } = useLocation();
  const parsed = ZLoginFormError.safeParse(params.get('loginError'));
  const returnTo = safeReturnPath(params.get('returnTo'));
  const loginError = parsed.success ? parsed.data : null;
  const auth = useAuth();
  const subUser = auth.data?.customer?.isSubUser === true;

  return (
    <OrderAppLayout title={t('orderApp.login.title')} width="wide">
      <div className="order-app__intro">
        <h1 className="order-app__title">{t('orderApp.login.title')}</h1>
        <p>{t('orderApp.login.intro')}</p>
        {subUser && (
          <Alert tone="warning" data-testid="sub-user-warning">
            {t('orderApp.login.subUser')}
          </Alert>
        )}
      </div>
      <div className="order-app__columns">
        <section className="order-app__card card" aria-labelledby={loginId}>
          <h2 className="order-app__card-title" id={loginId}>
            {t('account.tabs.existing')}
          </h2>
          <OrderAppLoginForm loginError={loginError} returnTo={returnTo} />
        </section>
        <section className="order-app__card card" aria-labelledby={registerId}>
          <h2 className="order-app__card-title" id={registerId}>
            {t('orderApp.register.title')}
          </h2>
          <p className="muted">{t('orderApp.register.intro')}</p>
          <OrderAppRegistrationForm />
        </section>
      </div>
    </OrderAppLayout>
  );
}
