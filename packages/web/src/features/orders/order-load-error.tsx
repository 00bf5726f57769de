import { ApiError } from '../../api/client.ts';
import { useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { loginPathReturningTo } from '../../order-app/order-app-paths.ts';

/**
 * An order that could not be read: not logged in (a way to log in), not found (someone else's
 * order answers the same), or the spec's 'Er is iets misgegaan. Probeer het later nog eens.'
 */
export function OrderLoadError({ error }: { error: unknown }) {
  const t = useT();
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 401) {
    return (
      <div className="order-load-error" data-testid="order-login-needed">
        <p>{t('order.loginNeeded')}</p>
        <p>
          {/* After the login the customer comes back to this order. */}
          <a className="button button--primary button--md" href={loginPathReturningTo(window.location.pathname + window.location.search)} data-testid="order-login-link">
            {t('order.login')}
          </a>
        </p>
      </div>
    );
  }
  if (status === 404) {
    return (
      <Alert tone="warning" data-testid="order-not-found">
        {t('order.notFound')}
      </Alert>
    );
  }
  return (
    <Alert tone="danger" data-testid="order-load-error">
      {t('error.generic')}
    </Alert>
  );
}
