import { useEffect, useId, useRef } from 'react';
import type { TDomainExtensionProduct } from '@kavel/core';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { ExtensionRow } from './extension-row.tsx';
import type { Availability } from './row-status.ts';

interface ExtensionListProps {
  label: string;
  products: readonly TDomainExtensionProduct[];
  statuses: Readonly<Record<string, Availability>>;
  basketDomains: ReadonlySet<string>;
  hasMore: boolean;
  solvingCaptcha: boolean;
  onShowMore(): void;
  onCheck(extension: string): void;
}

/** The results of one search: a row per extension, 'show other extensions' and the price footnote. */
export function ExtensionList({ label, products, statuses, basketDomains, hasMore, solvingCaptcha, onShowMore, onCheck }: ExtensionListProps) {
  const t = useT();
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  // When the last 'show more' removes its own button, focus goes to the first added row.
  const firstAdded = useRef<number | null>(null);
  const showMore = () => {
    firstAdded.current = products.length;
    onShowMore();
  };
  useEffect(() => {
    if (firstAdded.current === null) return;
    const index = firstAdded.current;
    firstAdded.current = null;
    if (!hasMore) listRef.current?.querySelectorAll<HTMLElement>(':scope > li')[index]?.focus();
  }, [products.length, hasMore]);
  return (
    <section className="results" aria-labelledby={headingId}>
      <h3 className="results__heading" id={headingId}>
        {t('step1.resultsFor', { name: label })}
      </h3>
      {solvingCaptcha && (
        <p className="notice" role="status" data-testid="captcha-notice">
          <Spinner size="sm" /> {t('step1.captcha')}
        </p>
      )}
      <ul className="results__list" ref={listRef} aria-live="polite" aria-labelledby={headingId} data-testid="extension-list">
        {products.map((product) => (
          <ExtensionRow
            key={product.extension}
            label={label}
            product={product}
            availability={statuses[product.extension]}
            inBasket={basketDomains.has(`${label}.${product.extension}`)}
            onCheck={onCheck}
          />
        ))}
      </ul>
      {hasMore && (
        <Button variant="secondary" className="results__more" onClick={showMore} data-testid="show-more">
          {t('step1.showMore')}
        </Button>
      )}
      <p className="footnote" data-testid="price-footnote">
        {t('step1.footnote')}
      </p>
    </section>
  );
}
