import { z } from 'zod';
import { ZDnsRecord, ZDnsRecordStored } from '../dns/record.ts';
import { requiredSafeText, safeText, ZDbId, ZPathId } from './safe-text.ts';
import { ZMailPreset } from './dns-mail-preset.ts';
import { ZDnsZonePage, ZDnsZoneRecord } from './dns-zone.ts';

/** A profile's record as answers carry it: `[DOMAINNAME]` may remain, targets may be relative. */
export const ZDnsProfileRecord = ZDnsRecordStored.extend({ id: z.number().int() });

/** A DNS profile with its records (spec 001 section 3); profile answers are the customer's whole list. */
export const ZDnsProfile = z.object({ id: z.number().int(), name: z.string(), records: z.array(ZDnsProfileRecord) });
export type TDnsProfile = z.infer<typeof ZDnsProfile>;
export const ZDnsProfiles = z.array(ZDnsProfile);

/** A profile's name: it must be non-empty to save (spec 001 section 5). */
const profileName = safeText(100, { error: 'dnsProfileName' }).min(1, { error: 'dnsProfileName' });

/** createDnsProfile(name); the profile forms check it before sending. */
export const ZDnsProfileName = z.object({ name: profileName });
export type TDnsProfileName = z.infer<typeof ZDnsProfileName>;

/** The params of a route on one record of a profile. */
export const ZDnsProfileRecordParams = z.object({ id: ZPathId, recordId: ZPathId });

const fromJsonText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

/** dnsSaveRecordsAsNewProfile(domain name, profile name, records as JSON): the records as an array, or as JSON text of one. */
export const ZDnsProfileFromDomain = z.object({
  domainName: requiredSafeText(253),
  name: profileName,
  dnsList: z.preprocess(fromJsonText, z.array(ZDnsRecord, { error: 'required' }).max(500)),
});

/** 'replace' (the spec's apply: all current records replaced) or 'merge' (only the profile's record sets replaced). */
export const ZProfileApplyMode = z.enum(['replace', 'merge']);

/** applyDnsProfile(domainId, profileId), and its preview: one of the customer's profiles. */
export const ZDnsApplyOwnProfileRequest = z.object({ domainId: ZDbId, profileId: ZDbId, mode: ZProfileApplyMode.default('replace') });

/**
 * The same calls with a built-in e-mail preset instead of a profile: it always swaps the mail
 * records only (no mode). Strict, so a request naming a profile is never read as a preset one.
 */
export const ZDnsApplyMailPresetRequest = z.strictObject({ domainId: ZDbId, preset: ZMailPreset });

/** The apply and preview calls' body: a profile of the customer's, or an e-mail preset. */
export const ZDnsApplyProfileRequest = z.union([ZDnsApplyMailPresetRequest, ZDnsApplyOwnProfileRequest]);
export type TDnsApplyProfileRequest = z.input<typeof ZDnsApplyProfileRequest>;

/** The apply's answer (spec 001 section 7): the zone's records after it, and what could not be applied. */
export const ZDnsApplyProfileAnswer = z.object({ successfullySavedRecords: z.array(ZDnsZoneRecord), errors: z.array(z.string()) });

/** What applying would change, shown before confirming. */
export const ZDnsApplyPreview = z.object({ added: z.array(ZDnsRecordStored), removed: z.array(ZDnsRecordStored), errors: z.array(z.string()) });
export type TDnsApplyPreview = z.infer<typeof ZDnsApplyPreview>;

/** A zone file to import: replace the zone, or add to it. */
export const ZDnsImportRequest = z.object({ zoneFile: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200_000), mode: ZProfileApplyMode.default('replace') });

/** The zone after an import, and the lines whose records the shop keeps itself or does not support. */
/** A line of an imported file that was not taken over: its number, the line as it stood, and why. */
export const ZDnsImportSkipped = z.object({ line: z.number().int(), text: z.string(), reason: z.string() });
/** The zone after an import, the lines not taken over, and what was changed on the way (a set's TTL lowered). */
export const ZDnsImportAnswer = z.object({ page: ZDnsZonePage, skipped: z.array(ZDnsImportSkipped), warnings: z.array(z.string()) });
export type TDnsImportSkipped = z.infer<typeof ZDnsImportSkipped>;
