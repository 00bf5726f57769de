import { useEuro, useT } from '../i18n/use-t.ts';

interface PriceProps {
  /** What is paid, in cents. */
  cents: number;
  /** The regular price; struck through when it differs from `cents`. */
  original?: number;
  /** E.g. 'p/j' or 'per jaar'. */
  suffix?: string;
  /** What a price of 0 says instead of 'Gratis' (e.g. for something already paid). */
  zeroLabel?: string;
}

/** A price with its regular price struck through when discounted; nothing to pay reads 'Gratis', without a period. */
export function Price({ cents, original, suffix, zeroLabel }: PriceProps) {
  const t = useT();
  const euro = useEuro();
  if (cents === 0 && !original) {
    return (
      <span className="price">
        <strong className="price__amount price__amount--free">{zeroLabel ?? t('price.free')}</strong>
      </span>
    );
  }
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
