import { useT } from '../i18n/use-t.ts';
import { OrderAppLayout } from './order-app-layout.tsx';

/** What `/errors/404` shows: unknown order-app paths land here. */
export function NotFoundPage() {
  const t = useT();
  return (
    <OrderAppLayout title={t('notFound.title')}>
      <div className="order-app__card card" data-testid="not-found">
        <h1 className="order-app__title">{t('notFound.title')}</h1>
        <p>{t('notFound.text')}</p>
        <p>
          <a href="/bestelprocedure">{t('notFound.link')}</a>
        </p>
      </div>
    </OrderAppLayout>
  );
}
