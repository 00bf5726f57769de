import type { ReactNode } from 'react';
import { SiteHeader } from '../app/site-header.tsx';
import { useDocumentTitle } from '../app/use-document-title.ts';
import { useT } from '../i18n/use-t.ts';
import '../features/accounts/accounts.css';
import './order-app.css';

interface OrderAppLayoutProps {
  /** The tab's title (the route's title in spec 001 section 2). */
  title: string;
  children: ReactNode;
  /** Two columns (login) or a table (order summary) need more room than a form. */
  width?: 'narrow' | 'medium' | 'wide';
}

/** The order app's frame: the site header marked 'Bestellen' and a centred column. */
export function OrderAppLayout({ title, children, width = 'narrow' }: OrderAppLayoutProps) {
  const t = useT();
  useDocumentTitle(title);
  return (
    <>
      <SiteHeader label={t('orderApp.title')} />
      <main className={width === 'narrow' ? 'order-app' : `order-app order-app--${width}`}>{children}</main>
    </>
  );
}
