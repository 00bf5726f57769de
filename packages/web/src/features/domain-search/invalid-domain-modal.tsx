import { useT } from '../../i18n/use-t.ts';
import { Modal } from '../../ui/modal.tsx';

/** Spec 000 section 2's modal, with the rule the name breaks (the field's message) below its text. */
export function InvalidDomainModal({ open, onClose, reason }: { open: boolean; onClose(): void; reason: string | null }) {
  const t = useT();
  return (
    <Modal open={open} onClose={onClose} tone="warning" title={t('modal.invalidDomain.title')} data-testid="invalid-domain-modal">
      <p>{t('modal.invalidDomain.body')}</p>
      {reason && <p data-testid="invalid-domain-reason">{reason}</p>}
    </Modal>
  );
}
