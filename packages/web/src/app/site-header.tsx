import { Link } from 'react-router';
import { LanguageSwitch } from '../i18n/language-switch.tsx';
import { useT } from '../i18n/use-t.ts';
import { ACCOUNT_AREA_PAGES } from '../features/account-area/account-area-paths.ts';

/** The account area's overview: where 'Mijn account' leads on every page (the home page's header too). */
const ACCOUNT_HOME = ACCOUNT_AREA_PAGES[0].path;

/**
 * The bar at the top of every page: the brand (home link), an optional label (the area of the
 * site), the 'Mijn account' link and the language switch. In the account area (`inAccount`) the
 * link is marked as the current place instead of a label repeating its words.
 */
export function SiteHeader({ label, inAccount = false }: { label?: string; inAccount?: boolean }) {
  const t = useT();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <a className="brand" href="/">
          <span className="brand__mark" aria-hidden="true">
            K
          </span>
          Kavel
          {label && <span className="brand__label">{label}</span>}
        </a>
        <div className="site-header__end">
          <Link className="site-header__account" to={ACCOUNT_HOME} aria-current={inAccount ? 'page' : undefined} data-testid="header-account-link">
            {t('accountArea.title')}
          </Link>
          <LanguageSwitch />
        </div>
      </div>
    </header>
  );
}
