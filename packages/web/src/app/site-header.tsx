import { LanguageSwitch } from '../i18n/language-switch.tsx';

/** The bar at the top of every page: the brand (home link), an optional label (the area of the site), the language switch. */
export function SiteHeader({ label }: { label?: string }) {
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
        <LanguageSwitch />
      </div>
    </header>
  );
}
