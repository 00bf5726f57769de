import { useEffect, useId, useRef } from 'react';
import { useLocation } from '../app/router.ts';
import { useT } from '../i18n/use-t.ts';
import { Alert } from '../ui/alert.tsx';
import { accountsApi } from '../features/accounts/accounts-api.ts';
import { ResendActivation } from '../features/accounts/resend-activation.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { OrderAppLayout } from './order-app-layout.tsx';
import { ORDER_APP_PATHS } from './order-app-paths.ts';

/** The e-mail address from `?email=` or from the path (`/succesvol-geregistreerd/{email}`). */
function registeredEmail(path: string, params: URLSearchParams): string {
  const fromQuery = params.get('email')?.trim();
  if (fromQuery) return fromQuery;
  const rest = path.slice(ORDER_APP_PATHS.successfullyRegistered.length + 1);
  try {
    return rest && !rest.includes('/') ? decodeURIComponent(rest).trim() : '';
  } catch {
    return '';
  }
}

/**
 * `/bestellen/succesvol-geregistreerd` (spec 001 section 2). Spec 001 admits only visitors with a
 * local basket; until the order app keeps one, the e-mail address is what it needs.
 */
export function SuccessfullyRegisteredPage() {
  const t = useT();
  const helpId = useId();
  const { path, params } = useLocation();
  const email = registeredEmail(path, params);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Arrived here from the registration form, which is gone: the heading takes focus.
  useEffect(() => headingRef.current?.focus(), []);
  if (!email.includes('@')) return <NotFoundPage />;
  return (
    <OrderAppLayout title={t('orderApp.title')}>
      <div className="order-app__card card successfully-registered" data-testid="successfully-registered">
        <Alert tone="info" role="none">
          {t('orderApp.registered.alert')}
        </Alert>
        <h1 className="order-app__title" tabIndex={-1} ref={headingRef}>
          {t('orderApp.registered.heading', { email })}
        </h1>
        <p>{t('orderApp.registered.text')}</p>
        <ResendActivation email={email} send={accountsApi.orderAppResendActivation} />
      </div>
      <section className="order-app__help" aria-labelledby={helpId}>
        <h2 className="order-app__card-title" id={helpId}>
          {t('orderApp.help.title')}
        </h2>
        <ul>
          <li>{t('orderApp.help.spelling')}</li>
          <li>{t('orderApp.help.contacts')}</li>
          <li>{t('orderApp.help.support')}</li>
        </ul>
      </section>
    </OrderAppLayout>
  );
}
