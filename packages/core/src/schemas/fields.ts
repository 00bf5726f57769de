import { z } from 'zod';
import { safeString } from './safe-text.ts';

/** Field rules shared by the account and domain-holder forms; messages are `texts/validation.ts` keys. */
export const requiredText = (max: number) => safeString().trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' });
export const optionalText = (max: number) => safeString().trim().max(max, { error: 'tooLong' }).optional().default('');

export const ZEmail = safeString().trim().toLowerCase().min(1, { error: 'required' }).max(254, { error: 'tooLong' }).pipe(z.email({ error: 'email' }));
export const ZPhoneNumber = z.string({ error: 'required' }).trim().regex(/^\+?[0-9 ()-]{6,20}$/, { error: 'phone' });
export const ZHouseNumber = z.string({ error: 'required' }).trim().regex(/^\d{1,6}$/, { error: 'houseNumber' });
export const ZGender = z.enum(['M', 'F'], { error: 'required' });
