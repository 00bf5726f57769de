/**
 * What the lookup knows of a Dutch address: its street and place, or why not. `notFound`: no
 * address has this postcode and house number (or the postcode is not one); `unreachable`: the
 * source could not answer (down, too slow, an answer it could not read), so nothing is known.
 */
export type AddressLookupAnswer = { ok: true; street: string; city: string } | { ok: false; reason: 'notFound' | 'unreachable'; detail?: string };

/**
 * Finds the street and place of a Dutch postcode and house number (the customer-data form's
 * fill-in). The postcode is cleaned first (whitespace removed, upper case: `1012 js` is
 * `1012JS`); a letter or addition after the house number (`12a`, `12-2`) is ignored.
 */
export interface AddressLookupPort {
  readonly name: 'offline' | 'pdok';
  lookup(postcode: string, houseNumber: number | string, signal?: AbortSignal): Promise<AddressLookupAnswer>;
}
