import type { ReactNode } from 'react';
import { SiteHeader } from '../../app/site-header.tsx';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import './accounts.css';

interface AccountPageLayoutProps {
  title: string;
  children: ReactNode;
  'data-testid'?: string;
}

/** The pages account e-mails link to: the site header and one card. */
export function AccountPageLayout({ title, children, 'data-testid': testId }: AccountPageLayoutProps) {
  useDocumentTitle(title);
  return (
    <>
      <SiteHeader />
      <main className="account-page">
        <div className="account-page__card card" data-testid={testId}>
          <h1 className="account-page__title">{title}</h1>
          {children}
        </div>
      </main>
    </>
  );
}
