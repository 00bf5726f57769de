import { NOT_FOUND_PAGE, PAGES } from '@kavel/core';
import { useLayoutEffect } from 'react';
import { useT } from '../i18n/use-t.ts';
import { Spinner } from '../ui/spinner.tsx';
import { OrderAppLayout } from './order-app-layout.tsx';

/** What `/errors/404` shows (the server answers it with status 404). */
export function NotFoundPage() {
  const t = useT();
  return (
    <OrderAppLayout title={t('notFound.title')}>
      <div className="order-app__card card" data-testid="not-found">
        <h1 className="order-app__title">{t('notFound.title')}</h1>
        <p>{t('notFound.text')}</p>
        <p>
          <a href={PAGES.orderPage.path}>{t('notFound.link')}</a>
        </p>
      </div>
    </OrderAppLayout>
  );
}

/**
 * Any other path under `/bestellen/` (spec 001 section 2): the browser goes to `/errors/404`, a
 * page load, so the address and the status (404) say what the page does.
 */
export function ToNotFoundPage() {
  useLayoutEffect(() => window.location.replace(NOT_FOUND_PAGE), []);
  return <Spinner />;
}
