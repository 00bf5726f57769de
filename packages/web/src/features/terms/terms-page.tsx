import { SiteHeader } from '../../app/site-header.tsx';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { useLocale, useT } from '../../i18n/use-t.ts';
import { TERMS } from './terms-content.ts';
import './terms.css';

/** `/algemene-voorwaarden`: the general terms the order's checkbox refers to. */
export function TermsPage() {
  const t = useT();
  const terms = TERMS[useLocale()];
  useDocumentTitle(t('terms.title'));
  return (
    <>
      <SiteHeader />
      <main className="terms-page">
        <article className="terms-page__card card" data-testid="terms-page">
          <h1 className="terms-page__title">{t('terms.title')}</h1>
          <p className="terms-page__version muted">{terms.version}</p>
          <p>{terms.intro}</p>
          {terms.articles.map((article) => (
            <section key={article.title} className="terms-page__article">
              <h2 className="terms-page__heading">{article.title}</h2>
              {article.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
        </article>
      </main>
    </>
  );
}
