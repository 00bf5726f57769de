import { useEffect, useId, useRef } from 'react';
import { NOT_FOUND_PAGE } from '@kavel/core';
import { navigate, useLocation } from '../app/router.ts';
import { useT } from '../i18n/use-t.ts';
import { Alert } from '../ui/alert.tsx';
import { accountsApi } from '../features/accounts/accounts-api.ts';
import { ResendActivation } from '../features/accounts/resend-activation.tsx';
import { OrderAppLayout } from './order-app-layout.tsx';
import { ORDER_APP_PATHS } from './order-app-paths.ts';
import { hasLocalBasket, registeredEmailToShow } from './registered-email.ts';

/** An address the link names, in `?email=` or in the path (`/succesvol-geregistreerd/{email}`). */
function claimedEmail(path: string, params: URLSearchParams): string {
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
 * `/bestellen/succesvol-geregistreerd` (spec 001 section 2): reachable only with a local basket
 * (otherwise the not-found page). It names the address only when this tab registered it; an
 * address in the link alone is never shown, so a link cannot put someone else's text in the page.
 */
export function SuccessfullyRegisteredPage() {
  const t = useT();
  const helpId = useId();
  const { path, params } = useLocation();
  const allowed = hasLocalBasket();
  const email = registeredEmailToShow(claimedEmail(path, params));
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!allowed) navigate(NOT_FOUND_PAGE, { replace: true });
    // Arrived here from the registration form, which is gone: the heading takes focus.
    else headingRef.current?.focus();
  }, [allowed]);
  if (!allowed) return null;
  return (
    <OrderAppLayout title={t('orderApp.title')}>
      <div className="order-app__card card successfully-registered" data-testid="successfully-registered">
        <Alert tone="info" role="none">
          {t('orderApp.registered.alert')}
        </Alert>
        <h1 className="order-app__title" tabIndex={-1} ref={headingRef} data-testid="successfully-registered-heading">
          {email ? t('orderApp.registered.heading', { email }) : t('orderApp.registered.headingNoAddress')}
        </h1>
        <p>{t('orderApp.registered.text')}</p>
        {email && <ResendActivation email={email} send={accountsApi.orderAppResendActivation} />}
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
