import { Modal } from '../../ui/modal.tsx';
import type { DnsNotice } from './dns-failure.ts';
import { useDnsT } from './dns-texts.ts';

/** The success and 'Error!' modals of the DNS pages. */
export function DnsNoticeModal({ notice, onClose }: { notice: DnsNotice; onClose: () => void }) {
  const t = useDnsT();
  const error = notice?.kind === 'error';
  const fields = notice?.kind === 'error' ? (notice.fields ?? []) : [];
  return (
    <Modal open={notice !== null} tone={error ? 'danger' : 'info'} title={error ? t('error') : t('success')} onClose={onClose} closeLabel={t('close')} data-testid={error ? 'dns-error' : 'dns-success'}>
      {notice?.text && <p className="dns-page__message">{notice.text}</p>}
      {fields.length > 0 && (
        <ul className="dns-page__refused" data-testid="dns-error-fields">
          {fields.map((field) => (
            <li key={`${field.label}:${field.text}`}>{field.label ? `${field.label}: ${field.text}` : field.text}</li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
