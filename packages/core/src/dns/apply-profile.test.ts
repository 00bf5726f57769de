import { describe, expect, it } from 'vitest';
import { isMailRecord, planProfileApply } from './apply-profile.ts';
import type { DnsZoneRecord, TDnsRecordStored } from './record.ts';

const z = (name: string, type: DnsZoneRecord['type'], value: string, priority: number | null = null, ttl = 3600): DnsZoneRecord => ({ name, type, value, priority, ttl });
const p = (name: string, type: DnsZoneRecord['type'], value: string, priority: number | null = null): TDnsRecordStored => ({ name, type, value, priority });

const zone = [z('@', 'A', '192.0.2.1'), z('www', 'A', '192.0.2.1'), z('@', 'MX', 'mx.oud.nl.', 10), z('ftp', 'A', '192.0.2.9')];
const profile = [p('@', 'A', '203.0.113.10'), p('www', 'CNAME', '[DOMAINNAME].'), p('@', 'MX', 'mail', 10), p('mail', 'A', '203.0.113.25')];

describe('applying a profile', () => {
  it('replaces all current records (spec 001 section 4), with [DOMAINNAME] filled and targets completed', () => {
    const plan = planProfileApply(zone, profile, 'goudenkorst-webshop.com', 'replace');
    expect(plan.records).toEqual([
      z('@', 'A', '203.0.113.10'),
      z('www', 'CNAME', 'goudenkorst-webshop.com.'),
      z('@', 'MX', 'mail.goudenkorst-webshop.com.', 10),
      z('mail', 'A', '203.0.113.25'),
    ]);
    expect(plan.saved).toEqual(plan.records);
    expect(plan.errors).toEqual([]);
    expect(plan.removed).toEqual(zone);
    expect(plan.added).toEqual(plan.records);
  });

  it('merges: the record sets the profile defines become the profile\'s, the others stay', () => {
    const plan = planProfileApply(zone, [p('@', 'MX', 'mail', 10), p('mail', 'A', '203.0.113.25')], 'goudenkorst-webshop.com', 'merge');
    expect(plan.records).toEqual([z('@', 'A', '192.0.2.1'), z('www', 'A', '192.0.2.1'), z('ftp', 'A', '192.0.2.9'), z('@', 'MX', 'mail.goudenkorst-webshop.com.', 10), z('mail', 'A', '203.0.113.25')]);
    expect(plan.removed).toEqual([z('@', 'MX', 'mx.oud.nl.', 10)]);
    expect(plan.added).toEqual([z('@', 'MX', 'mail.goudenkorst-webshop.com.', 10), z('mail', 'A', '203.0.113.25')]);
  });

  it('leaves out what breaks the zone rules and applies the rest, listing each error', () => {
    // Merging a CNAME onto www, which keeps its A record in the zone, is refused; the MX is applied.
    const plan = planProfileApply(zone, [p('www', 'CNAME', '@'), p('@', 'MX', 'mail', 10), p('@', 'A', '203.0.113.10'), p('@', 'A', '203.0.113.10')], 'goudenkorst-webshop.com', 'merge');
    expect(plan.saved).toEqual([z('@', 'MX', 'mail.goudenkorst-webshop.com.', 10), z('@', 'A', '203.0.113.10')]);
    expect(plan.errors).toEqual([
      { record: p('www', 'CNAME', '@'), key: 'dnsCnameConflict' },
      { record: p('@', 'A', '203.0.113.10'), key: 'dnsDuplicate' },
    ]);
    expect(plan.records).toContainEqual(z('www', 'A', '192.0.2.1'));
  });

  it('refuses a profile record whose name lies outside the domain', () => {
    const plan = planProfileApply([], [p('www.elders.nl.', 'A', '203.0.113.1'), p('@', 'A', '203.0.113.1')], 'goudenkorst.nl', 'replace');
    expect(plan.errors).toEqual([{ record: p('www.elders.nl.', 'A', '203.0.113.1'), key: 'dnsNameOutsideZone' }]);
    expect(plan.saved).toEqual([z('@', 'A', '203.0.113.1')]);
  });

  it('swaps the mail records in mail mode: the MX, the SPF text and autodiscover go, other texts and records stay', () => {
    const mailZone = [
      z('@', 'A', '192.0.2.1'),
      z('@', 'MX', 'mx1.kavel.nl.', 10),
      z('@', 'MX', 'mx2.kavel.nl.', 20),
      z('@', 'TXT', 'v=spf1 include:_spf.kavel.nl ~all'),
      z('@', 'TXT', 'google-site-verification=abc'),
      z('autodiscover', 'CNAME', 'autodiscover.outlook.com.'),
      z('mail', 'TXT', 'v=spf1 -all'),
    ];
    const google = [p('@', 'MX', 'smtp.google.com.', 1), p('@', 'TXT', 'v=spf1 include:_spf.google.com ~all')];
    const plan = planProfileApply(mailZone, google, 'goudenkorst.nl', 'mail');
    expect(plan.records).toEqual([
      z('@', 'A', '192.0.2.1'),
      z('@', 'TXT', 'google-site-verification=abc'),
      z('mail', 'TXT', 'v=spf1 -all'),
      z('@', 'MX', 'smtp.google.com.', 1),
      z('@', 'TXT', 'v=spf1 include:_spf.google.com ~all'),
    ]);
    expect(plan.removed).toEqual([mailZone[1], mailZone[2], mailZone[3], mailZone[5]]);
    expect(plan.added).toEqual([z('@', 'MX', 'smtp.google.com.', 1), z('@', 'TXT', 'v=spf1 include:_spf.google.com ~all')]);
    expect(plan.errors).toEqual([]);
    // Merge keeps the other apex texts too, but would have replaced them all with the profile's set.
    expect(planProfileApply(mailZone, google, 'goudenkorst.nl', 'merge').records).not.toContainEqual(z('@', 'TXT', 'google-site-verification=abc'));
  });

  it('gives a preset record without a TTL the TTL of the records its set keeps in mail mode', () => {
    const mailZone = [z('@', 'TXT', 'google-site-verification=abc', null, 300), z('@', 'TXT', 'v=spf1 include:_spf.kavel.nl ~all', null, 300)];
    const plan = planProfileApply(mailZone, [p('@', 'TXT', 'v=spf1 include:_spf.google.com ~all')], 'goudenkorst.nl', 'mail');
    expect(plan.errors).toEqual([]);
    expect(plan.records).toEqual([z('@', 'TXT', 'google-site-verification=abc', null, 300), z('@', 'TXT', 'v=spf1 include:_spf.google.com ~all', null, 300)]);
  });

  it('knows a mail record', () => {
    expect(isMailRecord({ name: '@', type: 'MX', value: 'x.' })).toBe(true);
    expect(isMailRecord({ name: '@', type: 'TXT', value: 'V=SPF1 -all' })).toBe(true);
    expect(isMailRecord({ name: '@', type: 'TXT', value: 'v=spf10' })).toBe(false);
    expect(isMailRecord({ name: 'www', type: 'MX', value: 'x.' })).toBe(false);
    expect(isMailRecord({ name: 'autodiscover', type: 'CNAME', value: 'autodiscover.outlook.com.' })).toBe(true);
  });
});
