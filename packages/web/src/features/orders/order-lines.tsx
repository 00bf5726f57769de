import type { TOrder, TOrderLine } from '@kavel/core';
import { useEuro, usePeriodText, useT, type Translate } from '../../i18n/use-t.ts';
import { Price } from '../../ui/price.tsx';

/** What a line is for: its domain, and where a redirect goes (a transfer code stays out of sight). */
const lineTarget = (line: TOrderLine) => (line.productType === 'REDIRECT' ? `${line.domain} → ${line.title}` : line.domain);

/** A domain line says what happens to it ('Registratie .nl', 'Eigen domein'); the rest by their product name. */
function lineName(line: TOrderLine, t: Translate): string {
  if (line.domainKind === 'REGISTRATION') return `${t('basket.registration')} ${line.productName}`;
  if (line.domainKind === 'TRANSFER') return `${t('basket.transfer')} ${line.productName}`;
  if (line.domainKind === 'OWN_DOMAIN') return t('basket.ownDomain');
  return line.productName;
}

/** The order's product rows and its totals (excl. VAT, the administration fee, VAT, incl. VAT). */
export function OrderLines({ order }: { order: TOrder }) {
  const t = useT();
  const euro = useEuro();
  const perPeriod = usePeriodText()(order.period, 'per');
  return (
    <div className="order-lines">
      <table className="order-lines__table" data-testid="order-lines">
        <caption className="sr-only">{t('orderSummary.products')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('orderSummary.product')}</th>
            <th scope="col">{t('orderSummary.for')}</th>
            <th scope="col" className="order-lines__price">
              {t('orderSummary.price')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, index) => (
            <tr key={`${line.productType}-${line.productId}-${line.domain}-${index}`} data-testid="order-line" data-product-type={line.productType}>
              <th scope="row" className="order-lines__name">
                {lineName(line, t)}
              </th>
              <td className="order-lines__target">{lineTarget(line)}</td>
              <td className="order-lines__price">
                <Price cents={line.price} original={line.originalPrice} suffix={perPeriod} zeroLabel={line.domainKind === 'OWN_DOMAIN' ? t('price.owned') : undefined} />
              </td>
            </tr>
          ))}
          {order.discountExcludeTax > 0 && (
            // As on the invoice: the lines are the full prices, the code's saving comes off below them.
            <tr className="order-lines__discount" data-testid="order-discount">
              <th scope="row" className="order-lines__name">
                {t('orderSummary.discount', { code: order.discountCode ?? '' })}
              </th>
              <td className="order-lines__target" />
              <td className="order-lines__price">−{euro(order.discountExcludeTax)}</td>
            </tr>
          )}
        </tbody>
      </table>
      <dl className="basket-totals order-lines__totals" data-testid="order-totals">
        {order.administrativeCost > 0 && (
          <div className="basket-totals__row">
            <dt>{t('orderSummary.adminCost')}</dt>
            <dd>{euro(order.administrativeCost)}</dd>
          </div>
        )}
        <div className="basket-totals__row">
          <dt>{t('basket.exclVat')}</dt>
          <dd>{euro(order.totalExcludeTax)}</dd>
        </div>
        <div className="basket-totals__row">
          <dt>{t('orderSummary.vat')}</dt>
          <dd>{euro(order.totalTax)}</dd>
        </div>
        <div className="basket-totals__row basket-totals__row--total">
          <dt>{t('basket.inclVat')}</dt>
          <dd data-testid="order-total">{euro(order.amount.value)}</dd>
        </div>
      </dl>
    </div>
  );
}
