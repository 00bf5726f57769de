import type { TDnsRecord, TDnsZoneRecord } from '@kavel/core';
import { Button } from '../../ui/button.tsx';
import { useDnsT } from './dns-texts.ts';
import { line } from './profile-tools.tsx';
import { RecordForm } from './record-form.tsx';

/** Beyond this many characters a value is cut in a button's name (a DKIM key read aloud helps nobody). */
const NAMED_VALUE_LENGTH = 60;

/**
 * What a row's buttons are named after: name, type, priority and value, so rows that share a
 * name and type (three `@ MX`) are told apart by a screen reader and a voice command.
 */
export function recordLabel(record: TDnsZoneRecord): string {
  const value = record.value.length > NAMED_VALUE_LENGTH ? `${record.value.slice(0, NAMED_VALUE_LENGTH)}…` : record.value;
  return line({ ...record, value });
}

interface RecordTableProps {
  records: readonly TDnsZoneRecord[];
  readOnly: boolean;
  /** The record whose row is open for editing (the pencil was clicked). */
  editing: number | null;
  busy: boolean;
  onEdit: (id: number | null) => void;
  /** Saves an edited record; rejects when refused (the edit form marks the refused field). */
  onSave: (id: number, record: TDnsRecord) => Promise<unknown>;
  onDelete: (record: TDnsZoneRecord) => void;
  /** The MX choices of the edit form (the profile page's list lacks 15). */
  priorities?: readonly number[];
  /** The zone's domain (ASCII), for the edit form's 'stored as'; none on the profile page. */
  domain?: string;
}

/**
 * Rows are read-only until the pencil is clicked; saving returns to read-only (spec 001 section 4).
 * In a narrow box (a phone) each row becomes a card: name, type and priority with the buttons
 * beside them, the value below, broken where it must (dns.css).
 */
export function RecordTable({ records, readOnly, editing, busy, onEdit, onSave, onDelete, priorities, domain }: RecordTableProps) {
  const t = useDnsT();
  if (records.length === 0) return <p className="account-area__empty">{t('noRecords')}</p>;
  return (
    <div className="dns-table-wrap">
      <table className="dns-table" data-testid="dns-records">
        <caption className="sr-only">{t('records')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('name')}</th>
            <th scope="col">{t('type')}</th>
            <th scope="col">{t('priority')}</th>
            <th scope="col">{t('value')}</th>
            <th scope="col">TTL</th>
            {!readOnly && <th scope="col">{t('actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {records.map((record) =>
            editing === record.id ? (
              <tr key={record.id} className="dns-table__editing" data-testid="dns-record-editing">
                <td colSpan={6}>
                  <RecordForm
                    record={record}
                    priorities={priorities}
                    domain={domain}
                    busy={busy}
                    submitLabel={t('save')}
                    onSubmit={(changed) => onSave(record.id, changed)}
                    onCancel={() => onEdit(null)}
                    data-testid="dns-edit-form"
                  />
                </td>
              </tr>
            ) : (
              <tr key={record.id} data-testid="dns-record" data-name={record.name} data-type={record.type} data-value={record.value}>
                <td className="dns-table__name">{record.name}</td>
                <td className="dns-table__type">{record.type}</td>
                <td className="dns-table__priority">{record.priority ?? ''}</td>
                <td className="dns-table__value">{record.value}</td>
                <td className="dns-table__ttl" data-label={t('ttlShort')}>
                  {record.ttl}
                </td>
                {!readOnly && (
                  <td className="dns-table__actions">
                    <Button variant="ghost" size="sm" aria-label={t('edit', { record: recordLabel(record) })} onClick={() => onEdit(record.id)} disabled={busy}>
                      <span aria-hidden="true">✎</span>
                    </Button>
                    <Button variant="ghost" size="sm" aria-label={t('delete', { record: recordLabel(record) })} onClick={() => onDelete(record)} disabled={busy}>
                      <span aria-hidden="true">✕</span>
                    </Button>
                  </td>
                )}
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}
