import { ApiError } from '../../api/api-error.ts';
import type { DnsTranslate } from './dns-texts.ts';

/** A refused field: its label (as the form shows it) and its rule. */
export interface RefusedField {
  label: string | null;
  text: string;
}

/**
 * What a DNS call came to: a success text, or the server's message for the 'Error!' modal (spec
 * 001 section 8) with each refused field named beside its rule.
 */
export type DnsNotice = { kind: 'success'; text: string } | { kind: 'error'; text: string; fields?: readonly RefusedField[] } | null;

const FIELD_LABELS = { name: 'name', type: 'type', priority: 'priority', value: 'value', ttl: 'ttl' } as const;

/** A field error's label: a record's field by its last path part (`dnsList.2.value` is a value too). */
function labelOf(path: string, t: DnsTranslate): string | null {
  const last = path.split('.').at(-1) ?? '';
  return last in FIELD_LABELS ? t(FIELD_LABELS[last as keyof typeof FIELD_LABELS]) : null;
}

/**
 * A failed DNS call as the 'Error!' modal shows it: the server's message, then each field error of
 * a 400 with its field's label ('Waarde: een IPv4-adres is …'). A refusal whose message is the one
 * field's rule (a zone rule) is said once, under its field's name.
 */
export function failureNotice(error: unknown, t: DnsTranslate): DnsNotice {
  const text = error instanceof Error ? error.message : String(error);
  if (!(error instanceof ApiError) || error.status !== 400) return { kind: 'error', text };
  const fields = Object.entries(error.body.fieldErrors ?? {}).map(([path, rule]) => ({ label: labelOf(path, t), text: rule }));
  const formErrors = (error.body.formErrors ?? []).map((rule) => ({ label: null, text: rule }));
  const all = [...fields, ...formErrors];
  const repeated = all.length === 1 && all[0]?.text === text;
  return { kind: 'error', text: repeated ? '' : text, fields: all };
}
