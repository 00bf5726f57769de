import { useSyncExternalStore } from 'react';
import { useT } from '../i18n/use-t.ts';
import { Modal } from '../ui/modal.tsx';
import { errorMessage } from './error-message.ts';
import { orderErrorStore } from './order-error-store.ts';

/** 'There is a problem with your order.' plus the message (spec 000 section 2). */
export function OrderErrorModal() {
  const t = useT();
  const error = useSyncExternalStore(orderErrorStore.subscribe, orderErrorStore.get);
  return (
    <Modal open={error !== null} title={t('modal.orderError.title')} tone="danger" onClose={orderErrorStore.clear} data-testid="order-error-modal">
      <p>{error !== null && errorMessage(error, t)}</p>
    </Modal>
  );
}
