import { pathOf } from '@kavel/core';
import { sessionContracts } from '@kavel/core/contracts/session';
import { Modal } from '../ui/modal.tsx';
import { clearLocalBasket } from '../features/product-pages/local-basket.ts';
import { useOrderAppT } from './use-order-app-t.ts';

/** Where a customer who already owns the domain is sent: `/control-panel`, which the server sends into the account area. */
export const CONTROL_PANEL = pathOf(sessionContracts.controlPanel);

/**
 * Spec 001 section 8: converting the local basket answered 409. The alert says
 * 'Dit domein is al in uw bezit.'; confirming forgets the basket and goes to the account area.
 */
export function OwnedDomainAlert() {
  const t = useOrderAppT();
  const confirm = () => {
    clearLocalBasket();
    window.location.assign(CONTROL_PANEL);
  };
  return <Modal open tone="warning" title={t('owned')} onClose={confirm} closeLabel={t('ownedConfirm')} data-testid="owned-domain-alert" />;
}
