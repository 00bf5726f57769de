import { useLocale, useT } from './use-t.ts';

/** Link to the other language; the server stores the choice in a cookie and serves the page in it. */
export function LanguageSwitch() {
  const t = useT();
  const other = useLocale() === 'nl' ? 'en' : 'nl';
  const params = new URLSearchParams(window.location.search);
  params.set('lang', other);
  return (
    <a className="language-switch" href={`?${params.toString()}`} hrefLang={other} lang={other} aria-label={t('lang.switchLabel')}>
      {t('lang.switch')}
    </a>
  );
}
