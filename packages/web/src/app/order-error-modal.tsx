import { useState, useSyncExternalStore, type MouseEvent } from 'react';
import { useT } from '../i18n/use-t.ts';
import { Modal } from '../ui/modal.tsx';
import { isMissingDomainRefusal, MissingDomainModal } from '../features/basket/missing-domain-modal.tsx';
import { scrollToStep } from '../features/order-steps/scroll-to-step.ts';
import { errorMessage } from './error-message.ts';
import { orderErrorStore } from './order-error-store.ts';

/**
 * 'There is a problem with your order.' plus the message (spec 000 section 2), or, when the
 * problem is hosting without a domain (a refused add, or a basket whose domain is gone), the
 * spec's missing-domain modal instead. Never both: one modal at a time.
 */
export function OrderErrorModal({ domainIsMissingForHosting = false }: { domainIsMissingForHosting?: boolean }) {
  const t = useT();
  const error = useSyncExternalStore(orderErrorStore.subscribe, orderErrorStore.get, orderErrorStore.get);
  const [missingSeen, setMissingSeen] = useState(false);
  const refusedForDomain = isMissingDomainRefusal(error);
  const missingDomain = refusedForDomain || (error === null && domainIsMissingForHosting && !missingSeen);
  const closeMissing = () => {
    setMissingSeen(true);
    orderErrorStore.clear();
  };
  const search = (event: MouseEvent<HTMLAnchorElement>) => {
    // On the order page itself: to the search field, no reload.
    event.preventDefault();
    closeMissing();
    scrollToStep(1);
    document.querySelector<HTMLInputElement>('[data-testid="domain-input"]')?.focus({ preventScroll: true });
  };
  if (missingDomain) return <MissingDomainModal open onClose={closeMissing} onSearch={search} />;
  return (
    <Modal open={error !== null} title={t('modal.orderError.title')} tone="danger" onClose={orderErrorStore.clear} data-testid="order-error-modal">
      <p>{error !== null && errorMessage(error, t)}</p>
    </Modal>
  );
}
