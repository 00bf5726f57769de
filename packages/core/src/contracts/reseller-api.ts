import { z } from 'zod';
import { ZDnsRecord } from '../dns/record.ts';
import {
  ZApiKey,
  ZApiKeyCreate,
  ZApiKeyCreated,
  ZResellerAvailability,
  ZResellerAvailabilityQuery,
  ZResellerDnsRecords,
  ZResellerDomain,
  ZResellerDomainParams,
  ZIdempotencyHeaders,
  ZOptionalIdempotencyHeaders,
  ZResellerOrder,
  ZResellerOrderDetail,
  ZResellerOrderList,
  ZResellerOrderListQuery,
  ZResellerOrderParams,
  ZResellerOrderRequest,
  ZResellerRecordParams,
  type TApiKeyScope,
} from '../schemas/reseller-api.ts';
import { ZIdParams } from '../schemas/safe-text.ts';
import { contract, ID_SEGMENT } from './contract.ts';

/** A reseller's API keys in the account area (session and CSRF; resellers only). */
export const apiKeyContracts = {
  apiKeys: contract({ method: 'GET', path: '/api/account/api-sleutels', response: z.array(ZApiKey) }),
  createApiKey: contract({ method: 'POST', path: '/api/account/api-sleutels', body: ZApiKeyCreate, response: ZApiKeyCreated, status: 201 }),
  revokeApiKey: contract({ method: 'DELETE', path: `/api/account/api-sleutels/${ID_SEGMENT}`, params: ZIdParams, response: ZApiKey }),
};

/** Where the reseller API lives; every call below it is made with an API key, never a session. */
export const RESELLER_API_PREFIX = '/api/reseller/v1';
const DNS = `${RESELLER_API_PREFIX}/domains/:domain/dns`;

/** The reseller API: called by a reseller's own software with `Authorization: Bearer <key>`. */
export const resellerApiContracts = {
  resellerAvailability: contract({ method: 'GET', path: `${RESELLER_API_PREFIX}/availability`, querystring: ZResellerAvailabilityQuery, response: ZResellerAvailability }),
  resellerDomains: contract({ method: 'GET', path: `${RESELLER_API_PREFIX}/domains`, response: z.array(ZResellerDomain) }),
  resellerListOrders: contract({ method: 'GET', path: `${RESELLER_API_PREFIX}/orders`, querystring: ZResellerOrderListQuery, response: ZResellerOrderList }),
  resellerGetOrder: contract({ method: 'GET', path: `${RESELLER_API_PREFIX}/orders/:orderId(^\\d+$)`, params: ZResellerOrderParams, response: ZResellerOrderDetail }),
  resellerCreateOrder: contract({ method: 'POST', path: `${RESELLER_API_PREFIX}/orders`, headers: ZIdempotencyHeaders, body: ZResellerOrderRequest, problemCode: 'invalid_order', response: ZResellerOrder, status: 201 }),
  resellerDnsRecords: contract({ method: 'GET', path: DNS, params: ZResellerDomainParams, response: ZResellerDnsRecords }),
  resellerDnsAddRecord: contract({ method: 'POST', path: `${DNS}/records`, params: ZResellerDomainParams, headers: ZOptionalIdempotencyHeaders, body: ZDnsRecord, problemCode: 'invalid_record', response: ZResellerDnsRecords, status: 201 }),
  resellerDnsUpdateRecord: contract({ method: 'PUT', path: `${DNS}/records/:recordId(^\\d+$)`, params: ZResellerRecordParams, headers: ZOptionalIdempotencyHeaders, body: ZDnsRecord, problemCode: 'invalid_record', response: ZResellerDnsRecords }),
  resellerDnsRemoveRecord: contract({ method: 'DELETE', path: `${DNS}/records/:recordId(^\\d+$)`, params: ZResellerRecordParams, headers: ZOptionalIdempotencyHeaders, response: ZResellerDnsRecords }),
};

/** The reseller API's description: its OpenAPI 3.1 document, and a readable page of it (public, no key). */
export const resellerApiDocContracts = {
  resellerOpenApi: contract({ method: 'GET', path: `${RESELLER_API_PREFIX}/openapi.json`, kind: 'file' }),
  resellerApiDocs: contract({ method: 'GET', path: `${RESELLER_API_PREFIX}/docs`, kind: 'page' }),
};

export type ResellerApiCall = keyof typeof resellerApiContracts;

/**
 * What each reseller API call needs and does, for the key check and the OpenAPI document: the
 * scope a key must hold, and the one-line summary the document shows.
 */
export const RESELLER_API_OPERATIONS: Record<ResellerApiCall, { scope: TApiKeyScope; summary: string }> = {
  resellerAvailability: { scope: 'availability:read', summary: "One domain's availability: free, active (taken), quarantine, invalid or error." },
  resellerDomains: { scope: 'domains:read', summary: "The reseller's own domains." },
  resellerListOrders: {
    scope: 'orders:read',
    summary: "The reseller's orders, newest first, a page at a time: `limit` (1 to 100, 20 if left out) and `cursor` (the `nextCursor` of the page before; `null` on the last page).",
  },
  resellerGetOrder: { scope: 'orders:read', summary: "One of the reseller's orders: its state, lines, invoice and fulfilment steps." },
  resellerCreateOrder: {
    scope: 'orders:write',
    summary: 'Orders a domain (registration when free, transfer with its code when taken), optionally with a reseller package, for one of your customers as holder. A retry with the same Idempotency-Key answers the first order (200).',
  },
  resellerDnsRecords: { scope: 'dns:read', summary: "The records of one of the reseller's domains." },
  resellerDnsAddRecord: { scope: 'dns:write', summary: 'Adds a record to the zone; answers the zone.' },
  resellerDnsUpdateRecord: { scope: 'dns:write', summary: 'Changes a record of the zone; answers the zone.' },
  resellerDnsRemoveRecord: { scope: 'dns:write', summary: 'Removes a record from the zone; answers the zone.' },
};
