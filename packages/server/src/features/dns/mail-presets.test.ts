import { planProfileApply } from '@kavel/core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DNS_ZONE } from './default-dns-zone.ts';
import { mailPresetRecords, mailPresetsFor, office365MxHost } from './mail-presets.ts';

describe('the e-mail presets', () => {
  it("google: one MX 1 smtp.google.com and Google's SPF", () => {
    expect(mailPresetRecords('google', 'goudenkorst.nl')).toEqual([
      { name: '@', type: 'MX', value: 'smtp.google.com.', priority: 1 },
      { name: '@', type: 'TXT', value: 'v=spf1 include:_spf.google.com ~all', priority: null },
    ]);
  });

  it("office: MX 0 to the domain with dashes under mail.protection.outlook.com, autodiscover and Microsoft's SPF", () => {
    expect(office365MxHost('goudenkorst.nl')).toBe('goudenkorst-nl.mail.protection.outlook.com.');
    expect(office365MxHost('goudenkorst-webshop.com')).toBe('goudenkorst-webshop-com.mail.protection.outlook.com.');
    expect(office365MxHost('Bakkerij.Co.UK')).toBe('bakkerij-co-uk.mail.protection.outlook.com.');
    expect(office365MxHost('xn--bcker-gra.nl')).toBe('xn--bcker-gra-nl.mail.protection.outlook.com.');
    expect(mailPresetRecords('office', 'goudenkorst.nl')).toEqual([
      { name: '@', type: 'MX', value: 'goudenkorst-nl.mail.protection.outlook.com.', priority: 0 },
      { name: 'autodiscover', type: 'CNAME', value: 'autodiscover.outlook.com.', priority: null },
      { name: '@', type: 'TXT', value: 'v=spf1 include:spf.protection.outlook.com -all', priority: null },
    ]);
  });

  it("mx: our own mail servers and SPF, as the default zone has them, and nothing else of it", () => {
    const records = mailPresetRecords('mx', 'goudenkorst.nl');
    expect(records.map(({ name, type, value, priority }) => `${name} ${type} ${priority ?? ''} ${value}`)).toEqual([
      '@ MX 10 mx1.kavel.nl.',
      '@ MX 20 mx2.kavel.nl.',
      '@ TXT  v=spf1 include:_spf.kavel.nl ~all',
    ]);
    expect(records.every((record) => DEFAULT_DNS_ZONE.includes(record))).toBe(true);
  });

  it('lists every preset with its records as they stand in the zone, and each applies without errors', () => {
    const presets = mailPresetsFor('goudenkorst.nl');
    expect(presets.map((preset) => preset.preset)).toEqual(['mx', 'google', 'office']);
    expect(presets[2]!.records[0]).toEqual({ name: '@', type: 'MX', value: 'goudenkorst-nl.mail.protection.outlook.com.', priority: 0 });
    for (const { preset } of presets) {
      const plan = planProfileApply([], mailPresetRecords(preset, 'goudenkorst.nl'), 'goudenkorst.nl', 'mail');
      expect(plan.errors, preset).toEqual([]);
    }
  });
});
