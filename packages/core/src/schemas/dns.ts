import { z } from 'zod';

/** DNS profiles (spec 001 sections 3, 5 and 7); step 2 lists them for a transfer's DNS choice. The record's schema and rules live in `dns/`. */
export { MX_PRIORITIES, ZDnsRecord, ZDnsRecordStored, ZDnsRecordType, type TDnsRecord, type TDnsRecordType } from '../dns/record.ts';

/** One entry of `GET /api/account/dns/profile`. */
export const ZDnsProfileSummary = z.object({ id: z.number().int(), name: z.string() });
export type TDnsProfileSummary = z.infer<typeof ZDnsProfileSummary>;
export const ZDnsProfileList = z.array(ZDnsProfileSummary);
