import { describe, expect, it } from 'vitest';
import { ZDnsRecordForm, type TDnsRecordFormFields } from './record-form.ts';

const FORM: TDnsRecordFormFields = { name: 'www', type: 'A', priority: '10', value: '203.0.113.10', ttl: '3600' };

/** Each refused field with its message key, or the record the form sends. */
function judge(fields: Partial<TDnsRecordFormFields>) {
  const parsed = ZDnsRecordForm.safeParse({ ...FORM, ...fields });
  if (parsed.success) return parsed.data;
  return Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('the DNS record form (spec 001 section 5, on the record rules the routes parse)', () => {
  it('sends the record as typed: trimmed, no priority but for MX and SRV, no TTL when left empty', () => {
    expect(judge({ name: ' www ', value: ' 203.0.113.10 ' })).toEqual({ name: 'www', type: 'A', value: '203.0.113.10', priority: null, ttl: 3600 });
    expect(judge({ name: '', type: 'MX', value: 'mail', priority: '20', ttl: '' })).toEqual({ name: '', type: 'MX', value: 'mail', priority: 20 });
    expect(judge({ name: '_sip._tcp', type: 'SRV', value: '10 60 5060 sip', priority: '' })).toMatchObject({ priority: null, value: '10 60 5060 sip' });
  });

  it('asks a name except for MX, and says every refused field at once', () => {
    expect(judge({ name: ' ' })).toEqual({ name: 'dnsNameRequired' });
    expect(judge({ name: '', value: '203.0.113.300', ttl: '30' })).toEqual({ name: 'dnsNameRequired', value: 'dnsIpv4', ttl: 'dnsTtl' });
    expect(judge({ value: '203.0.113.300' })).toEqual({ value: 'dnsIpv4' });
  });

  it('refuses a priority or TTL that is no number with the rule of its field', () => {
    expect(judge({ type: 'SRV', name: '_sip._tcp', value: '60 5060 sip', priority: 'tien' })).toEqual({ priority: 'dnsPriority' });
    expect(judge({ ttl: '1h' })).toEqual({ ttl: 'dnsTtl' });
    expect(judge({ type: 'MX', name: '', value: 'mail', priority: '' })).toEqual({ priority: 'dnsPriority' });
  });
});
