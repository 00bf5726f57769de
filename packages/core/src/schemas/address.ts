import { z } from 'zod';
import { safeString } from './safe-text.ts';

/**
 * The address lookup of the customer-data form: a Dutch postcode and house number give the
 * street and place (`GET /api/bestellen/adres`). The clean-up rules live here so that the form,
 * the route's schema and every adapter of the server's lookup read a postcode alike.
 */

/** Four digits, the first not 0, then two letters: `1234AB` once whitespace is gone and letters are upper case. */
const CLEAN_POSTCODE = /^[1-9]\d{3}[A-Z]{2}$/;

/** `1234 ab`, ` 1234AB ` -> `1234AB`; null when what is left is not a Dutch postcode. */
export function cleanPostcode(value: string): string | null {
  const cleaned = value.replace(/\s+/g, '').toUpperCase();
  return CLEAN_POSTCODE.test(cleaned) ? cleaned : null;
}

/**
 * A house number with what may follow it: a letter or an addition (`12`, `12a`, `12 A`, `12-2`,
 * `12 bis`, `12/3`). The lookup takes the number alone (the BAG's `huisnummer`, 1 to 99999).
 */
const HOUSE_NUMBER = /^([1-9]\d{0,4})(?:(?:[\s\-/]+[A-Za-z0-9]|[A-Za-z])[A-Za-z0-9\s\-/]{0,9})?$/;

/** The house number of `12`, `12a` or `12-2` (12); null when the value does not start with one. */
export function houseNumberOf(value: string | number): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 && value <= 99_999 ? value : null;
  const match = HOUSE_NUMBER.exec(value.trim());
  return match ? Number(match[1]) : null;
}

/** Reads a value with `read`; a value it cannot read is refused with the message `error`. */
const readAs = <T>(read: (value: string) => T | null, error: string) =>
  safeString({ error })
    .max(20, { error })
    .transform((value, ctx) => {
      const result = read(value);
      if (result === null) ctx.addIssue({ code: 'custom', message: error });
      return result ?? z.NEVER;
    });

/** `GET /api/bestellen/adres?postcode=&huisnummer=`: the postcode cleaned (`1234AB`), the house number without addition. */
export const ZAddressLookupQuery = z.object({
  postcode: readAs(cleanPostcode, 'postcode'),
  huisnummer: readAs(houseNumberOf, 'addressHouseNumber'),
});
export type TAddressLookupQuery = z.input<typeof ZAddressLookupQuery>;

/** The answer: the street (`openbare ruimte`) and the place (`woonplaats`) of the address. */
export const ZAddressLookupAnswer = z.object({ street: z.string(), city: z.string() });
export type TAddressLookupAnswer = z.infer<typeof ZAddressLookupAnswer>;
