import { Link } from 'react-router';
import { useId, type ReactNode } from 'react';
import { SiteHeader } from '../../app/site-header.tsx';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { useT } from '../../i18n/use-t.ts';
import { useAuth } from '../accounts/use-auth.ts';
import { accountMenuFor, type AccountAreaPath, type AccountMenuPath } from './account-area-paths.ts';
import './account-area.css';

interface AccountAreaLayoutProps {
  path: AccountAreaPath;
  /** The menu entry the page belongs to, marked as current even on a page below it. */
  section: AccountMenuPath;
  title: string;
  children: ReactNode;
}

/** The account area's frame: the menu beside the page (above it below 768 px) and one card. */
export function AccountAreaLayout({ path, section, title, children }: AccountAreaLayoutProps) {
  const t = useT();
  const headingId = useId();
  const pages = accountMenuFor(useAuth().data?.customer?.isReseller === true);
  useDocumentTitle(title);
  return (
    <>
      <SiteHeader inAccount />
      <div className="account-area">
        <nav className="account-area__nav" aria-label={t('accountArea.nav')}>
          <ul className="account-area__menu">
            {pages.map((page) => (
              <li key={page.path}>
                <Link className="account-area__menu-link" to={page.path} aria-current={page.path === path ? 'page' : page.path === section ? 'true' : undefined}>
                  {t(page.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main className="account-area__main card" aria-labelledby={headingId} data-testid="account-area">
          <h1 className="account-area__title" id={headingId}>
            {title}
          </h1>
          {children}
        </main>
      </div>
    </>
  );
}
