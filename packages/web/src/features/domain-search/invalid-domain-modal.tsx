import { useT } from '../../i18n/use-t.ts';
import { Modal } from '../../ui/modal.tsx';

export function InvalidDomainModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  return (
    <Modal open={open} onClose={onClose} tone="warning" title={t('modal.invalidDomain.title')} data-testid="invalid-domain-modal">
      <p>{t('modal.invalidDomain.body')}</p>
    </Modal>
  );
}
