import type { ReactNode } from 'react';
import { LanguageSwitch } from '../i18n/language-switch.tsx';

/** The bar at the top of every page: the brand (home link), an optional label, the language switch. */
export function SiteHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <a className="brand" href="/">
          <span className="brand__mark" aria-hidden="true">
            K
          </span>
          Kavel
          {children}
        </a>
        <LanguageSwitch />
      </div>
    </header>
  );
}
