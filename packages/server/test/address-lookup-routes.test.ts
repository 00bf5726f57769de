import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contracts, message, validationMessage, ZAddressLookupAnswer, ZApiError } from '@kavel/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { ADDRESS_LOOKUPS_PER_MINUTE } from '../src/features/addresses/address-routes.ts';
import { createPdokAddressLookup } from '../src/ports/address-lookup/index.ts';
import { createDatabaseCounters } from '../src/ports/counters/index.ts';
import { databaseKinds, freshClient, useTestShop, type DatabaseKind } from './support/index.ts';

const lookupUrl = (postcode: string, huisnummer: string) => `${contracts.addressLookup.path}?${new URLSearchParams({ postcode, huisnummer })}`;

/** The rate limit counts where the server counts it: in memory on the embedded database, in the database on a server. */
const countersFor = (kind: DatabaseKind) => (kind.name === 'postgres' ? { counters: createDatabaseCounters } : {});

/** A local PDOK Locatieserver (started before the apps are built): Dam 1 in Amsterdam, a failing server for 5000AA, nothing else. */
const locatieserver: Server = createServer((request, response) => {
  const fq = new URL(request.url ?? '/', 'http://localhost').searchParams.getAll('fq');
  const json = { 'content-type': 'application/json' };
  if (fq.includes('postcode:5000AA')) return void response.writeHead(500, json).end('{}');
  const docs = fq.includes('postcode:1012JS') && fq.includes('huisnummer:1') ? [{ straatnaam: 'Dam', woonplaatsnaam: 'Amsterdam', postcode: '1012JS', huisnummer: 1 }] : [];
  response.writeHead(200, json).end(JSON.stringify({ response: { numFound: docs.length, start: 0, numFoundExact: true, docs } }));
});
await new Promise<void>((resolve) => locatieserver.listen(0, '127.0.0.1', resolve));
const locatieserverUrl = `http://127.0.0.1:${(locatieserver.address() as AddressInfo).port}/bzk/locatieserver/search/v3_1`;
afterAll(async () => {
  locatieserver.closeAllConnections();
  await new Promise<void>((resolve) => locatieserver.close(() => resolve()));
});

describe.each(databaseKinds)('GET /api/bestellen/adres with the offline lookup on $name', (kind) => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  useTestShop(kind, (shop) => ({ app, database } = shop), { app: countersFor(kind) });

  it('answers the street and place of an address of the committed municipalities, the postcode and number as a person types them', async () => {
    const visitor = freshClient(app);
    const response = await visitor.get(lookupUrl('9166 la', '7a'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ street: 'Langestreek', city: 'Schiermonnikoog' });
    expect(ZAddressLookupAnswer.parse(response.json())).toEqual(response.json());
    expect(response.headers['cache-control']).toBe('private, max-age=3600');
    expect((await visitor.get(lookupUrl('1791AL', '7'))).json()).toEqual({ street: 'Wilhelminalaan', city: 'Den Burg' });
    // A lookup is a read: no session row for it.
    const sessions = (await database.db.execute(sql`select count(*)::int as n from sessions`)) as unknown as { rows: Array<{ n: number }> };
    expect(sessions.rows[0]!.n).toBe(0);
  });

  it("answers an address it does not know with a 404 and a clear message, in the visitor's language", async () => {
    const dutch = await freshClient(app).get(lookupUrl('9166LA', '2'));
    expect(dutch.statusCode).toBe(404);
    expect(ZApiError.parse(dutch.json())).toMatchObject({ message: message('nl', 'addressNotFound') });
    const english = await app.inject({ method: 'GET', url: lookupUrl('1013AA', '1'), headers: { cookie: 'kavel_lang=en' }, remoteAddress: '10.61.0.1' });
    expect(english.statusCode).toBe(404);
    expect(ZApiError.parse(english.json()).message).toBe(message('en', 'addressNotFound'));
    expect(message('en', 'addressNotFound')).not.toBe(message('nl', 'addressNotFound'));
  });

  it('refuses a malformed postcode or house number with a 400 and the field messages', async () => {
    const visitor = freshClient(app);
    for (const [postcode, field] of [
      ['0123 AB', 'postcode'],
      ['1012', 'postcode'],
      ['1012 JS 1', 'postcode'],
      ['1012\u0000JS', 'postcode'],
    ] as const) {
      const response = await visitor.get(lookupUrl(postcode, '1'));
      expect(response.statusCode, postcode).toBe(400);
      const error = ZApiError.parse(response.json());
      expect(error.message).toBe(message('nl', 'validation'));
      expect(Object.keys(error.fieldErrors ?? {}), postcode).toEqual([field]);
    }
    const badNumber = ZApiError.parse((await visitor.get(lookupUrl('9166LA', 'nul'))).json());
    expect(badNumber.fieldErrors).toEqual({ huisnummer: validationMessage('nl', 'addressHouseNumber') });
    const missing = await visitor.get(contracts.addressLookup.path);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(ZApiError.parse(missing.json()).fieldErrors ?? {}).sort()).toEqual(['huisnummer', 'postcode']);
  });

  it(`lets one client look up ${ADDRESS_LOOKUPS_PER_MINUTE} addresses a minute, and no more; another client is not affected`, async () => {
    const harvester = freshClient(app);
    const statuses: number[] = [];
    for (let number = 1; number <= ADDRESS_LOOKUPS_PER_MINUTE + 2; number++) statuses.push((await harvester.get(lookupUrl('9166LA', String(number)))).statusCode);
    expect(statuses.slice(0, ADDRESS_LOOKUPS_PER_MINUTE).every((status) => status === 200 || status === 404)).toBe(true);
    expect(statuses.slice(ADDRESS_LOOKUPS_PER_MINUTE)).toEqual([429, 429]);
    const refused = await harvester.get(lookupUrl('9166LA', '1'));
    expect(ZApiError.parse(refused.json()).message).toBe(message('nl', 'rateLimited'));
    expect((await freshClient(app).get(lookupUrl('9166LA', '1'))).statusCode).toBe(200);
  });
});

describe.each(databaseKinds)('GET /api/bestellen/adres with the PDOK lookup on $name', (kind) => {
  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ app } = shop), { app: { ...countersFor(kind), addressLookup: createPdokAddressLookup({ baseUrl: locatieserverUrl, timeoutMs: 1000 }) } });

  it('answers from the Locatieserver, on the server: the browser only calls the shop', async () => {
    const response = await freshClient(app).get(lookupUrl('1012 js', '1'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ street: 'Dam', city: 'Amsterdam' });
    expect((await freshClient(app).get(lookupUrl('1012JS', '2'))).statusCode).toBe(404);
  });

  it('answers 503 with a message that lets the customer type the address when the Locatieserver fails', async () => {
    const response = await freshClient(app).get(lookupUrl('5000AA', '1'));
    expect(response.statusCode).toBe(503);
    expect(ZApiError.parse(response.json())).toMatchObject({ message: message('nl', 'addressLookupUnavailable') });
  });
});
