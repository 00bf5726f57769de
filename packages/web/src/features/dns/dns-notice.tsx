import { Modal } from '../../ui/modal.tsx';
import { useDnsT } from './dns-texts.ts';

/** What a DNS call came to: a success text, or the server's message for the 'Error!' modal (spec 001 section 8). */
export type DnsNotice = { kind: 'success' | 'error'; text: string } | null;

/** The success and 'Error!' modals of the DNS pages. */
export function DnsNoticeModal({ notice, onClose }: { notice: DnsNotice; onClose: () => void }) {
  const t = useDnsT();
  const error = notice?.kind === 'error';
  return (
    <Modal open={notice !== null} tone={error ? 'danger' : 'info'} title={error ? t('error') : t('success')} onClose={onClose} closeLabel={t('close')} data-testid={error ? 'dns-error' : 'dns-success'}>
      <p className="dns-page__message">{notice?.text}</p>
    </Modal>
  );
}
