import { DNS_RECORD_TYPES, MX_PRIORITIES, type TDnsRecord, type TDnsRecordType, type TDnsZoneRecord } from '@kavel/core';
import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { useDnsT } from './dns-texts.ts';

interface RecordFormProps {
  /** The record being edited; none for a new one. */
  record?: TDnsZoneRecord;
  /** The MX priorities offered: the record page's list, or the profile page's (without 15). */
  priorities?: readonly number[];
  busy: boolean;
  onSubmit: (record: TDnsRecord) => void;
  onCancel?: () => void;
  submitLabel: string;
  'data-testid'?: string;
}

const hasPriority = (type: TDnsRecordType) => type === 'MX' || type === 'SRV';

/**
 * A DNS record's fields (spec 001 section 5): name (optional for MX), type, priority for MX (the
 * listed choices) and SRV, value and TTL. The server applies the rules; its message is shown in
 * the page's 'Error!' modal.
 */
export function RecordForm({ record, priorities = MX_PRIORITIES, busy, onSubmit, onCancel, submitLabel, 'data-testid': testId }: RecordFormProps) {
  const t = useDnsT();
  const [name, setName] = useState(record?.name === '@' ? '' : (record?.name ?? ''));
  const [type, setType] = useState<TDnsRecordType>(record?.type ?? 'A');
  const [value, setValue] = useState(record?.value ?? '');
  const [priority, setPriority] = useState(String(record?.priority ?? 10));
  const [ttl, setTtl] = useState(String(record?.ttl ?? 3600));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ttlNumber = Number(ttl);
    onSubmit({
      name: name.trim(),
      type,
      value: value.trim(),
      priority: hasPriority(type) ? Number(priority) : null,
      ...(ttl.trim() === '' || !Number.isFinite(ttlNumber) ? {} : { ttl: ttlNumber }),
    });
  };

  const priorityField =
    type === 'MX' ? (
      <SelectField label={t('priority')} value={priority} onChange={(event) => setPriority(event.target.value)} options={priorities.map((p) => ({ value: String(p), label: String(p) }))} />
    ) : (
      <Field label={t('priority')} inputMode="numeric" value={priority} onChange={(event) => setPriority(event.target.value)} />
    );

  return (
    <form className="dns-record-form" onSubmit={submit} data-testid={testId} noValidate>
      <Field label={t('name')} value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" spellCheck={false} />
      <SelectField label={t('type')} value={type} onChange={(event) => setType(event.target.value as TDnsRecordType)} options={DNS_RECORD_TYPES.map((option) => ({ value: option, label: option }))} />
      {hasPriority(type) && priorityField}
      <Field label={t('value')} value={value} onChange={(event) => setValue(event.target.value)} autoComplete="off" spellCheck={false} className="dns-record-form__value" />
      <Field label={t('ttl')} inputMode="numeric" value={ttl} onChange={(event) => setTtl(event.target.value)} className="dns-record-form__ttl" />
      <div className="dns-record-form__actions">
        <Button type="submit" size="sm" busy={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" size="sm" onClick={onCancel} disabled={busy}>
            {t('cancel')}
          </Button>
        )}
      </div>
      {type === 'SRV' && <p className="field__hint">{t('hintSrv')}</p>}
      {type === 'MX' && <p className="field__hint">{t('hintMx')}</p>}
    </form>
  );
}
