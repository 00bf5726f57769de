import { useEuro, useT } from '../i18n/use-t.ts';

interface PriceProps {
  /** What is paid, in cents. */
  cents: number;
  /** The regular price; struck through when it differs from `cents`. */
  original?: number;
  /** E.g. 'p/j' or 'per jaar'. */
  suffix?: string;
}

export function Price({ cents, original, suffix }: PriceProps) {
  const t = useT();
  const euro = useEuro();
  const discounted = original !== undefined && original !== cents;
  return (
    <span className="price">
      {discounted && (
        <>
          <span className="sr-only">{t('price.regular')}</span>
          <s className="price__original">{euro(original)}</s>{' '}
          <span className="sr-only">{t('price.welcome')}</span>
        </>
      )}
      <strong className={discounted ? 'price__amount price__amount--deal' : 'price__amount'}>{euro(cents)}</strong>
      {suffix && <span className="price__suffix"> {suffix}</span>}
    </span>
  );
}
