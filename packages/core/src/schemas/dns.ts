import { z } from 'zod';
import { requiredSafeText, safeText } from './safe-text.ts';

/** DNS profiles (spec 001 sections 3, 5 and 7); step 2 lists them for a transfer's DNS choice. */
export const ZDnsRecordType = z.enum(['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV']);
export type TDnsRecordType = z.infer<typeof ZDnsRecordType>;

/** MX priorities the record forms offer. */
export const MX_PRIORITIES = [0, 1, 5, 10, 15, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const;

/** A record of a profile; profiles may use the placeholder `[DOMAINNAME]`. */
export const ZDnsRecord = z.object({
  name: safeText(253),
  type: ZDnsRecordType,
  value: requiredSafeText(2048),
  priority: z.number().int().min(0).max(65_535).nullable().default(null),
});
export type TDnsRecord = z.input<typeof ZDnsRecord>;

/** One entry of `GET /api/account/dns/profile`. */
export const ZDnsProfileSummary = z.object({ id: z.number().int(), name: z.string() });
export type TDnsProfileSummary = z.infer<typeof ZDnsProfileSummary>;
export const ZDnsProfileList = z.array(ZDnsProfileSummary);
