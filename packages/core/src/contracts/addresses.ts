import { ZAddressLookupAnswer, ZAddressLookupQuery } from '../schemas/address.ts';
import { contract } from './contract.ts';

/**
 * The customer-data form's address lookup: a Dutch postcode and house number give the street and
 * place. The browser asks the shop, never a third party; the server answers from its lookup port.
 * 404 for an address that does not exist, 400 for a malformed postcode, 503 when the lookup
 * cannot be reached.
 */
export const addressContracts = {
  addressLookup: contract({ method: 'GET', path: '/api/bestellen/adres', querystring: ZAddressLookupQuery, response: ZAddressLookupAnswer }),
};
