import type { Locale, TAddressLookupAnswer } from '@kavel/core';
import type { FastifyBaseLogger } from 'fastify';
import { refusal } from '../../http/errors.ts';
import type { AddressLookupPort } from '../../ports/address-lookup/index.ts';

export interface AddressService {
  /**
   * The street and place of a Dutch postcode and house number, for the customer-data form: a 404
   * when no address has them, a 503 when the lookup cannot be reached (the customer then types
   * the street and place).
   */
  find(locale: Locale, postcode: string, houseNumber: number): Promise<TAddressLookupAnswer>;
}

export function createAddressService(deps: { lookup: AddressLookupPort; log: FastifyBaseLogger }): AddressService {
  return {
    async find(locale, postcode, houseNumber) {
      const answer = await deps.lookup.lookup(postcode, houseNumber);
      if (answer.ok) return { street: answer.street, city: answer.city };
      if (answer.reason === 'notFound') throw refusal(locale, 404, 'addressNotFound');
      // The reason only: a postcode and house number together point at a person's home.
      deps.log.warn({ adapter: deps.lookup.name, detail: answer.detail }, 'address lookup unreachable');
      throw refusal(locale, 503, 'addressLookupUnavailable');
    },
  };
}
