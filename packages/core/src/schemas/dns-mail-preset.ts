import { z } from 'zod';
import { ZDnsRecordStored } from '../dns/record.ts';

/**
 * The e-mail presets (spec 001 section 2's e-mail forward options): our own mail servers, Google
 * Workspace, Microsoft 365. Built-in, read-only DNS profiles applied in the `mail` mode.
 */
export const MAIL_PRESETS = ['mx', 'google', 'office'] as const;
export const ZMailPreset = z.enum(MAIL_PRESETS, { error: 'required' });
export type TMailPreset = z.infer<typeof ZMailPreset>;

/** A preset with its records as placed in one domain's zone (Microsoft's MX names the domain). */
export const ZDnsMailPreset = z.object({ preset: ZMailPreset, records: z.array(ZDnsRecordStored) });
export type TDnsMailPreset = z.infer<typeof ZDnsMailPreset>;
