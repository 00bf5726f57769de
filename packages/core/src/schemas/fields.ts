import { z } from 'zod';

/** Field rules shared by the account and domain-holder forms; messages are `texts/validation.ts` keys. */
export const requiredText = (max: number) => z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' });
export const optionalText = (max: number) => z.string().trim().max(max, { error: 'tooLong' }).optional().default('');

export const ZEmail = z.string({ error: 'required' }).trim().toLowerCase().min(1, { error: 'required' }).max(254, { error: 'tooLong' }).pipe(z.email({ error: 'email' }));
export const ZPhoneNumber = z.string({ error: 'required' }).trim().regex(/^\+?[0-9 ()-]{6,20}$/, { error: 'phone' });
export const ZHouseNumber = z.string({ error: 'required' }).trim().regex(/^\d{1,6}$/, { error: 'houseNumber' });
export const ZGender = z.enum(['M', 'F'], { error: 'required' });
