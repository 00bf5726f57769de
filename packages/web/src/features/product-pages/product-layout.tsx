import type { ReactNode } from 'react';
import { SiteHeader } from '../../app/site-header.tsx';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { Button } from '../../ui/button.tsx';
import { Price } from '../../ui/price.tsx';
import { useProductT } from './product-texts.ts';
import './product-pages.css';

/** A product page: the site's header, a title, an introduction, the products, and the VAT note. */
export function ProductPageLayout({ title, intro, testId, children }: { title: string; intro: string; testId: string; children: ReactNode }) {
  const t = useProductT();
  useDocumentTitle(title);
  return (
    <>
      <SiteHeader />
      <main className="product-page" data-testid={testId}>
        <header className="product-page__header">
          <h1 className="product-page__title">{title}</h1>
          <p className="product-page__intro">{intro}</p>
        </header>
        {children}
        <p className="product-page__note muted">
          {t('exclVat')} {t('promoNote')}
        </p>
      </main>
    </>
  );
}

interface ProductCardProps {
  name: string;
  code: string;
  cents: number;
  original?: number;
  perYear?: boolean;
  features: string[];
  badge?: string;
  /** h2 on a page of cards, h3 inside a section with a heading of its own. */
  headingLevel?: 2 | 3;
  onOrder: () => void;
}

/** One product with its price ('p/m' for packages, 'p/j' for add-ons), what it includes, and its order button. */
export function ProductCard({ name, code, cents, original, perYear = false, features, badge, headingLevel = 2, onOrder }: ProductCardProps) {
  const t = useProductT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="product-card card" data-testid="product-card" data-product-code={code}>
      {badge && <span className="product-card__badge">{badge}</span>}
      <Heading className="product-card__name">{name}</Heading>
      <p className="product-card__price">
        <Price cents={cents} original={original} suffix={perYear ? t('perYear') : t('perMonth')} />
      </p>
      <ul className="product-card__features">
        {features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <Button className="product-card__order" onClick={onOrder} aria-label={t('orderNamed', { product: name })}>
        {t('order')}
      </Button>
    </li>
  );
}
