import { contracts } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route.ts';
import type { AddressService } from './address-service.ts';

/**
 * Lookups one client may make per minute: a person filling in the form needs a few; more is
 * someone harvesting addresses through the shop (and, with the `pdok` adapter, at PDOK's cost).
 */
export const ADDRESS_LOOKUPS_PER_MINUTE = 30;

/** `GET /api/bestellen/adres?postcode=&huisnummer=`: the customer-data form's street and place. */
export function registerAddressRoutes(app: FastifyInstance, addresses: AddressService): void {
  route(app, contracts.addressLookup, { config: { rateLimit: { max: ADDRESS_LOOKUPS_PER_MINUTE, timeWindow: 60_000 } } }, async (request, reply) => {
    const address = await addresses.find(request.session.language, request.query.postcode, request.query.huisnummer);
    // An address does not change from one minute to the next; the browser may ask again later.
    reply.header('cache-control', 'private, max-age=3600');
    return address;
  });
}
