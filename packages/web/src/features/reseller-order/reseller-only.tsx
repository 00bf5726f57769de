import { message, ORDER_PAGES } from '@kavel/core';
import { useLocale } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { useResellerT } from './reseller-texts.ts';

/**
 * A logged-in customer who is no reseller: the server's own 'resellers only' text and the way to
 * the shop's order page. A chunk of its own, as the server's messages are not needed by anyone
 * else on this page.
 */
export function ResellerOnly() {
  const rt = useResellerT();
  const locale = useLocale();
  return (
    <div data-testid="reseller-only">
      <Alert tone="warning">{message(locale, 'resellerOnly')}</Alert>
      <p>
        <a href={ORDER_PAGES.shop}>{rt('toShop')}</a>
      </p>
    </div>
  );
}
