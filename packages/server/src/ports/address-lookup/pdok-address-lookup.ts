import { cleanPostcode, houseNumberOf } from '@kavel/core';
import { z } from 'zod';
import type { AddressLookupAnswer, AddressLookupPort } from './address-lookup-port.ts';
import { LRUCache } from 'lru-cache';
import { readCapped } from '../read-capped.ts';

export interface PdokAddressLookupOptions {
  /** The search API's base (`PDOK_LOCATIESERVER_URL`); `/free` is appended. */
  baseUrl: string;
  /** Time one question may take before the answer is `unreachable`. */
  timeoutMs?: number;
  /** Addresses kept in this process's cache, and for how long (found, and not found). */
  cacheEntries?: number;
  cacheTtlMs?: number;
  notFoundTtlMs?: number;
  fetch?: typeof fetch;
  /** The cache's clock. */
  now?: () => number;
}

/** An answer of the `free` endpoint: Solr's envelope, one document per address (fields as `fl` asks). */
const ZFreeAnswer = z.object({
  response: z.object({
    numFound: z.number(),
    docs: z.array(
      z.object({
        straatnaam: z.string().optional(),
        woonplaatsnaam: z.string().optional(),
        postcode: z.string().optional(),
        huisnummer: z.number().optional(),
      }),
    ),
  }),
});

/** A larger answer is not one address: stop reading there. */
const MAX_BODY_BYTES = 256 * 1024;

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return 'no answer in time';
  const cause = (error as Error & { cause?: unknown }).cause;
  return cause instanceof Error ? cause.message : error.message;
}

/**
 * Asks the PDOK Locatieserver's `free` endpoint, from the server (the browser only ever calls
 * the shop): filters on type `adres`, the postcode and the house number, so only that address can
 * match, and reads `straatnaam` and `woonplaatsnaam` of the first document. Answers are kept in a
 * bounded in-process cache (found for a day, not found for an hour; failures never), so a form
 * that asks again, or many customers in one street, cost PDOK one question.
 */
export function createPdokAddressLookup(options: PdokAddressLookupOptions): AddressLookupPort {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/free`;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 3000;
  const cacheTtlMs = options.cacheTtlMs ?? 24 * 3_600_000;
  const notFoundTtlMs = options.notFoundTtlMs ?? 3_600_000;
  const cache = new LRUCache<string, AddressLookupAnswer>({ max: options.cacheEntries ?? 10_000, ttlResolution: 0, ...(options.now ? { perf: { now: options.now } } : {}) });

  async function ask(postcode: string, houseNumber: number, signal?: AbortSignal): Promise<AddressLookupAnswer> {
    const url = new URL(endpoint);
    for (const filter of ['type:adres', `postcode:${postcode}`, `huisnummer:${houseNumber}`]) url.searchParams.append('fq', filter);
    url.searchParams.set('fl', 'straatnaam,woonplaatsnaam,postcode,huisnummer');
    url.searchParams.set('rows', '1');
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
      const text = await readCapped(response, MAX_BODY_BYTES);
      if (response.status !== 200) return { ok: false, reason: 'unreachable', detail: `HTTP ${response.status}` };
      if (text === null) return { ok: false, reason: 'unreachable', detail: 'answer too large' };
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return { ok: false, reason: 'unreachable', detail: 'answer is not JSON' };
      }
      const answer = ZFreeAnswer.safeParse(json);
      if (!answer.success) return { ok: false, reason: 'unreachable', detail: 'answer is not a Locatieserver response' };
      // The filters make any document this address; the check guards against a server that ignores one.
      const doc = answer.data.response.docs.find((candidate) => candidate.huisnummer === houseNumber && candidate.postcode?.replace(/\s+/g, '').toUpperCase() === postcode);
      if (!doc) return { ok: false, reason: 'notFound' };
      if (!doc.straatnaam || !doc.woonplaatsnaam) return { ok: false, reason: 'unreachable', detail: 'address without street or place' };
      return { ok: true, street: doc.straatnaam, city: doc.woonplaatsnaam };
    } catch (error) {
      return { ok: false, reason: 'unreachable', detail: describe(error) };
    }
  }

  return {
    name: 'pdok',
    async lookup(postcode, houseNumber, signal) {
      const cleaned = cleanPostcode(postcode);
      const number = houseNumberOf(houseNumber);
      if (cleaned === null || number === null) return { ok: false, reason: 'notFound' };
      const key = `${cleaned} ${number}`;
      const cached = cache.get(key);
      if (cached) return cached;
      const answer = await ask(cleaned, number, signal);
      if (answer.ok) cache.set(key, answer, { ttl: cacheTtlMs });
      else if (answer.reason === 'notFound') cache.set(key, answer, { ttl: notFoundTtlMs });
      return answer;
    },
  };
}
