import { z } from 'zod';
import { ZDnsRecord, ZDnsRecordType, type TDnsRecord, type TDnsRecordType } from './record.ts';

/** MX and SRV carry a priority; the other types none. */
export const recordHasPriority = (type: TDnsRecordType) => type === 'MX' || type === 'SRV';

/** A number typed in a field: empty is none (an SRV value may carry its priority), anything else as typed (the record's rules refuse NaN). */
const typedNumber = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** A record form's fields as the inputs hold them: text, the type from its list. */
export const ZDnsRecordFormFields = z.object({
  name: z.string(),
  type: ZDnsRecordType,
  priority: z.string(),
  value: z.string(),
  ttl: z.string(),
});
export type TDnsRecordFormFields = z.infer<typeof ZDnsRecordFormFields>;

/** The record a form's fields make: trimmed, the priority only for MX and SRV, the TTL left out when empty. */
export function recordFromForm(form: TDnsRecordFormFields): TDnsRecord {
  return {
    name: form.name.trim(),
    type: form.type,
    value: form.value.trim(),
    priority: recordHasPriority(form.type) ? typedNumber(form.priority) : null,
    ...(form.ttl.trim() === '' ? {} : { ttl: Number(form.ttl.trim()) }),
  };
}

/**
 * The record pages' form (spec 001 section 5): the record that its fields make must pass the
 * record's own rules (`ZDnsRecord`, the schema the routes parse), each refusal on its field, and
 * the form asks a name except for MX, `@` for the apex (the record itself takes an empty name as
 * the apex). Answers the record to send, as the person typed it (the server stores it).
 */
export const ZDnsRecordForm = ZDnsRecordFormFields.superRefine((form, context) => {
  const record = recordFromForm(form);
  if (form.type !== 'MX' && record.name === '') context.addIssue({ code: 'custom', path: ['name'], message: 'dnsNameRequired' });
  const parsed = ZDnsRecord.safeParse(record);
  if (parsed.success) return;
  for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}).transform(recordFromForm);
