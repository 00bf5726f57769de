import { zodResolver } from '@hookform/resolvers/zod';
import { DNS_RECORD_TYPES, MX_PRIORITIES, recordHasPriority, storedValuePreview, ZDnsRecordForm, type TDnsRecord, type TDnsRecordFormFields, type TDnsRecordType, type TDnsZoneRecord } from '@kavel/core';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { fieldMessage } from '../../i18n/use-field-message.ts';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { applyServerErrors } from '../accounts/server-field-errors.ts';
import { useDnsT } from './dns-texts.ts';

interface RecordFormProps {
  /** The record being edited; none for a new one. */
  record?: TDnsZoneRecord;
  /** The MX priorities offered: the record page's list, or the profile page's (without 15). */
  priorities?: readonly number[];
  /** The zone's domain (ASCII): the form then shows what a target will be stored as. None on the profile page. */
  domain?: string;
  busy: boolean;
  /** Sends the record; a refusal it rejects with is shown by the page, and its field errors mark their fields too. */
  onSubmit: (record: TDnsRecord) => Promise<unknown>;
  onCancel?: () => void;
  submitLabel: string;
  'data-testid'?: string;
}

const RECORD_FIELDS = ['name', 'type', 'priority', 'value', 'ttl'] as const;

const hasTarget = (type: TDnsRecordType) => type === 'CNAME' || recordHasPriority(type);

/** The MX choices: the page's list, and a record's own priority beside it when it is not listed (an imported 25). */
export function priorityChoices(list: readonly number[], current: number | null | undefined): number[] {
  return current === null || current === undefined || list.includes(current) ? [...list] : [...list, current].sort((a, b) => a - b);
}

/** The fields of a record to edit, or of a new one (an A record, priority 10 and TTL 3600 ready). The apex of an MX is left empty: its name is optional. */
function fieldsOf(record: TDnsZoneRecord | undefined): TDnsRecordFormFields {
  return {
    name: record?.name === '@' && record.type === 'MX' ? '' : (record?.name ?? ''),
    type: record?.type ?? 'A',
    priority: String(record?.priority ?? 10),
    value: record?.value ?? '',
    ttl: String(record?.ttl ?? 3600),
  };
}

/**
 * A DNS record's fields (spec 001 section 5): name (optional for MX), type, priority for MX (the
 * listed choices, and an edited record's own) and SRV, value and TTL. The record's own rules
 * (core's `ZDnsRecordForm` on `ZDnsRecord`, the schema the routes parse) are checked before
 * sending and shown under their fields, the first refused field focused; the zone's rules are the
 * server's, and its refusal names the field in the page's 'Error!' modal and marks it in the form. With `domain`, a
 * target's field shows what will be stored ('Wordt opgeslagen als: mail.example.nl.').
 */
export function RecordForm({ record, priorities = MX_PRIORITIES, domain, busy, onSubmit, onCancel, submitLabel, 'data-testid': testId }: RecordFormProps) {
  const t = useDnsT();
  const tc = useT();
  const { register, handleSubmit, control, formState, setError } = useForm<TDnsRecordFormFields, unknown, TDnsRecord>({ resolver: zodResolver(ZDnsRecordForm), defaultValues: fieldsOf(record) });
  const [type, value, priority] = useWatch({ control, name: ['type', 'value', 'priority'] });
  const errorOf = (name: Path<TDnsRecordFormFields>) => fieldMessage(formState.errors[name]?.message);
  const submit = handleSubmit(async (typed) => {
    try {
      await onSubmit(typed);
    } catch (error) {
      // The page's 'Error!' modal says it (spec 001 section 8); once closed, the refused field shows the rule as well.
      applyServerErrors(error, setError, RECORD_FIELDS, tc);
    }
  });

  const typedPriority = priority.trim() === '' ? null : Number(priority);
  const stored = domain === undefined || !hasTarget(type) ? null : storedValuePreview({ type, value, priority: typedPriority }, domain);

  // Registered in the page's order, the priority too while it is hidden: the first refused field is focused.
  const fields = { name: register('name'), type: register('type'), priority: register('priority'), value: register('value'), ttl: register('ttl') };
  const priorityField = () =>
    type === 'MX' ? (
      <SelectField
        label={t('priority')}
        {...fields.priority}
        options={priorityChoices(priorities, record?.priority).map((p) => ({ value: String(p), label: String(p) }))}
        error={errorOf('priority')}
      />
    ) : (
      <Field label={t('priority')} inputMode="numeric" {...fields.priority} error={errorOf('priority')} />
    );

  return (
    <form className="dns-record-form" onSubmit={(event) => void submit(event)} data-testid={testId} noValidate>
      <Field label={t('name')} {...fields.name} autoComplete="off" spellCheck={false} error={errorOf('name')} />
      <SelectField label={t('type')} {...fields.type} options={DNS_RECORD_TYPES.map((option) => ({ value: option, label: option }))} error={errorOf('type')} />
      {recordHasPriority(type) && priorityField()}
      <Field
        label={t('value')}
        {...fields.value}
        autoComplete="off"
        spellCheck={false}
        className="dns-record-form__value"
        hint={stored === null ? undefined : t('storedAs', { value: stored })}
        error={errorOf('value')}
      />
      <Field label={t('ttl')} inputMode="numeric" {...fields.ttl} className="dns-record-form__ttl" error={errorOf('ttl')} />
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
