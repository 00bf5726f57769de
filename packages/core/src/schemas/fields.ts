import { z } from 'zod';
import { fromDecimalText, safeString } from './safe-text.ts';

/** Field rules shared by the account and domain-holder forms; messages are `texts/validation.ts` keys. */
export const requiredText = (max: number) => safeString().trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' });
export const optionalText = (max: number) => safeString().trim().max(max, { error: 'tooLong' }).optional().default('');

/** Nederland in the catalogue's country list: its postcodes are checked. */
export const DEFAULT_COUNTRY_ID = 154;
/** A country of the catalogue's list (1 to 249): a number, or its digits as a select element posts them. */
export const ZCountryId = fromDecimalText(z.number({ error: 'required' }).int({ error: 'required' }).min(1, { error: 'required' }).max(249, { error: 'required' }));
export const ZEmail = safeString().trim().toLowerCase().min(1, { error: 'required' }).max(254, { error: 'tooLong' }).pipe(z.email({ error: 'email' }));
export const ZPhoneNumber = z.string({ error: 'required' }).trim().regex(/^\+?[0-9 ()-]{6,20}$/, { error: 'phone' });
export const ZHouseNumber = z.string({ error: 'required' }).trim().regex(/^\d{1,6}$/, { error: 'houseNumber' });
export const ZGender = z.enum(['M', 'F'], { error: 'required' });

/**
 * A Dutch postcode (spec 001 section 5): four digits, the first not 0, then two letters, with or
 * without a space between; written `1234 AB`.
 */
const DUTCH_POSTCODE = /^([1-9]\d{3})\s?([A-Za-z]{2})$/;
export function isDutchPostcode(value: string): boolean {
  return DUTCH_POSTCODE.test(value.trim());
}
/** `1234ab` -> `1234 AB`; anything that is not a Dutch postcode is returned trimmed. */
export function formatDutchPostcode(value: string): string {
  return value.trim().replace(DUTCH_POSTCODE, (_all, digits: string, letters: string) => `${digits} ${letters.toUpperCase()}`);
}

/**
 * For a refinement between fields that runs even when a field failed (so one answer carries every
 * fault), but never on input that is not an object at all (`null`, a string).
 */
export const EVEN_WHEN_A_FIELD_FAILED = {
  when: (payload: { value: unknown }): boolean => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
};
