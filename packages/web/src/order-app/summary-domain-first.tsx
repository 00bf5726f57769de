import { type TOrderBasketItem } from '@kavel/core';
import { clearLocalBasket } from '../features/product-pages/local-basket.ts';
import { HostingDomainForm } from '../features/product-pages/hosting-domain-form.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { SummaryProductRow } from './summary-product-row.tsx';
import { useOrderAppT } from './use-order-app-t.ts';

const NO_CHOICES = { token: '', transferDnsLater: false, onToken: () => undefined, onTransferDnsLater: () => undefined, onDomain: () => undefined, errors: {}, disabled: true };

/**
 * A package for a customer with no domain with us: instead of an order button that cannot work,
 * the summary asks for the domain (a new name or a transfer), which the order page orders with
 * the package under it; the order app's basket is then done with.
 */
export function SummaryDomainFirst({ item, busy, onCancel }: { item: TOrderBasketItem; busy: boolean; onCancel: () => void }) {
  const t = useOrderAppT();
  return (
    <div className="summary__domain-first" data-testid="summary-domain-first">
      <SummaryProductRow item={item} choices={NO_CHOICES} />
      <Alert tone="info" data-testid="summary-no-domains">
        {t('hosting.none')}
      </Alert>
      <HostingDomainForm hosting={{ productId: item.productId, productCode: item.productCode }} onLeave={clearLocalBasket} />
      <div className="form-actions summary__actions">
        <Button variant="secondary" disabled={busy} onClick={onCancel} data-testid="summary-cancel">
          {t('cancel')}
        </Button>
      </div>
    </div>
  );
}
