import { DNS_RECORD_TYPES, MX_PRIORITIES, storedValuePreview, ZDnsRecord, type TDnsRecord, type TDnsRecordType, type TDnsZoneRecord } from '@kavel/core';
import { useRef, useState, type FormEvent } from 'react';
import { fieldMessage } from '../../i18n/use-field-message.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { useDnsT } from './dns-texts.ts';

interface RecordFormProps {
  /** The record being edited; none for a new one. */
  record?: TDnsZoneRecord;
  /** The MX priorities offered: the record page's list, or the profile page's (without 15). */
  priorities?: readonly number[];
  /** The zone's domain (ASCII): the form then shows what a target will be stored as. None on the profile page. */
  domain?: string;
  busy: boolean;
  onSubmit: (record: TDnsRecord) => void;
  onCancel?: () => void;
  submitLabel: string;
  'data-testid'?: string;
}

const hasPriority = (type: TDnsRecordType) => type === 'MX' || type === 'SRV';
const hasTarget = (type: TDnsRecordType) => type === 'CNAME' || hasPriority(type);

type RecordField = 'name' | 'type' | 'priority' | 'value' | 'ttl';
export type RecordErrors = Partial<Record<RecordField, string>>;
const FIELD_ORDER: readonly RecordField[] = ['name', 'type', 'priority', 'value', 'ttl'];

/** A number typed in a field: empty is none (an SRV value may carry its priority), anything else as typed (the schema refuses NaN). */
const typedNumber = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/**
 * The shared schema's verdict on a record before it is sent: each field's rule, in the page
 * language. The form also asks a name except for MX (spec 001 section 5), `@` for the apex; the
 * schema itself takes an empty name as the apex.
 */
export function recordErrors(record: TDnsRecord): RecordErrors {
  const errors: RecordErrors = {};
  if (record.type !== 'MX' && (record.name ?? '').trim() === '') errors.name = fieldMessage('dnsNameRequired');
  const parsed = ZDnsRecord.safeParse(record);
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (FIELD_ORDER as readonly string[]).includes(field)) errors[field as RecordField] ??= fieldMessage(issue.message);
  }
  return errors;
}

/** The MX choices: the page's list, and a record's own priority beside it when it is not listed (an imported 25). */
export function priorityChoices(list: readonly number[], current: number | null | undefined): number[] {
  return current === null || current === undefined || list.includes(current) ? [...list] : [...list, current].sort((a, b) => a - b);
}

/**
 * A DNS record's fields (spec 001 section 5): name (optional for MX), type, priority for MX (the
 * listed choices, and an edited record's own) and SRV, value and TTL. The record's own rules
 * (core's `ZDnsRecord`) are checked before sending and shown under their fields; the zone's rules
 * are the server's, and its refusal names the field in the page's 'Error!' modal. With `domain`,
 * a target's field shows what will be stored ('Wordt opgeslagen als: mail.example.nl.').
 */
export function RecordForm({ record, priorities = MX_PRIORITIES, domain, busy, onSubmit, onCancel, submitLabel, 'data-testid': testId }: RecordFormProps) {
  const t = useDnsT();
  // The apex: left empty for MX (its name is optional), `@` otherwise.
  const [name, setName] = useState(record?.name === '@' && record.type === 'MX' ? '' : (record?.name ?? ''));
  const [type, setType] = useState<TDnsRecordType>(record?.type ?? 'A');
  const [value, setValue] = useState(record?.value ?? '');
  const [priority, setPriority] = useState(String(record?.priority ?? 10));
  const [ttl, setTtl] = useState(String(record?.ttl ?? 3600));
  const [errors, setErrors] = useState<RecordErrors>({});
  const form = useRef<HTMLFormElement>(null);

  /** A field's setter that also clears its error: the rule is checked again on the next send. */
  const edit = (field: RecordField, set: (text: string) => void) => (text: string) => {
    set(text);
    setErrors(({ [field]: _cleared, ...others }) => others);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed: TDnsRecord = {
      name: name.trim(),
      type,
      value: value.trim(),
      priority: hasPriority(type) ? typedNumber(priority) : null,
      ...(ttl.trim() === '' ? {} : { ttl: Number(ttl.trim()) }),
    };
    const found = recordErrors(typed);
    setErrors(found);
    if (Object.keys(found).length === 0) return onSubmit(typed);
    // The first refused field gets the focus, so its rule is read out with it.
    queueMicrotask(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const stored = domain === undefined || !hasTarget(type) ? null : storedValuePreview({ type, value, priority: typedNumber(priority) }, domain);

  const priorityField =
    type === 'MX' ? (
      <SelectField
        label={t('priority')}
        value={priority}
        onChange={(event) => edit('priority', setPriority)(event.target.value)}
        options={priorityChoices(priorities, record?.priority).map((p) => ({ value: String(p), label: String(p) }))}
        error={errors.priority}
      />
    ) : (
      <Field label={t('priority')} inputMode="numeric" value={priority} onChange={(event) => edit('priority', setPriority)(event.target.value)} error={errors.priority} />
    );

  return (
    <form ref={form} className="dns-record-form" onSubmit={submit} data-testid={testId} noValidate>
      <Field label={t('name')} value={name} onChange={(event) => edit('name', setName)(event.target.value)} autoComplete="off" spellCheck={false} error={errors.name} />
      <SelectField
        label={t('type')}
        value={type}
        onChange={(event) => edit('type', (next) => setType(next as TDnsRecordType))(event.target.value)}
        options={DNS_RECORD_TYPES.map((option) => ({ value: option, label: option }))}
        error={errors.type}
      />
      {hasPriority(type) && priorityField}
      <Field
        label={t('value')}
        value={value}
        onChange={(event) => edit('value', setValue)(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        className="dns-record-form__value"
        hint={stored === null ? undefined : t('storedAs', { value: stored })}
        error={errors.value}
      />
      <Field label={t('ttl')} inputMode="numeric" value={ttl} onChange={(event) => edit('ttl', setTtl)(event.target.value)} className="dns-record-form__ttl" error={errors.ttl} />
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
      {hasTarget(type) && <p className="field__hint">{t('hintTarget')}</p>}
    </form>
  );
}
