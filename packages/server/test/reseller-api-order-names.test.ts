import { randomUUID } from 'node:crypto';
import { contracts, pathOf, resellerApiContracts, validation } from '@kavel/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/index.ts';
import type { Services } from '../src/services.ts';
import { holderForm } from './support/holders.ts';
import { databaseKinds, resellerApiKey, useTestShop } from './support/index.ts';

const IDN_NL = 'Domeinnamen met speciale tekens (IDN, xn--…) kunnen nog niet worden besteld.';

describe.each(databaseKinds)('names a reseller API order refuses, and why, on $name', (kind) => {
  let app: FastifyInstance;
  let services: Services;
  useTestShop(kind, (shop) => ({ app, services } = shop), { demoAccounts: true });

  let key: string;
  let resellerId: number;
  beforeAll(async () => {
    ({ key, resellerId } = await resellerApiKey(app, services, 'namen', ['orders:write']));
  });

  const order = (domain: string, language = 'nl') =>
    app.inject({
      method: 'POST',
      url: resellerApiContracts.resellerCreateOrder.path,
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': randomUUID(), 'accept-language': language },
      payload: { domain, holder: holderForm() },
    });
  const ordersOfReseller = async () => (await services.db.select({ id: orders.id }).from(orders).where(eq(orders.customerId, resellerId))).length;

  it("says that a name's xn-- form (IDN) cannot be ordered yet, rather than that it is no domain name, and orders nothing", async () => {
    const before = await ordersOfReseller();
    for (const domain of ['xn--bcher-kva.nl', 'XN--MNCHEN-3YA.com']) {
      const refused = await order(domain);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json(), domain).toMatchObject({ message: IDN_NL, fieldErrors: { domain: IDN_NL }, errors: [{ field: 'domain', code: 'domain_idn', detail: IDN_NL }] });
    }
    const english = await order('xn--bcher-kva.nl', 'en-GB,en;q=0.9');
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({ message: 'Domain names with special characters (IDN, xn--…) cannot be ordered yet.', errors: [{ field: 'domain', code: 'domain_idn' }] });
    // A program that meets the code can read what it means.
    const described = await app.inject({ method: 'GET', url: pathOf(contracts.problemType, { code: 'domain_idn' }) });
    expect(described.json()).toMatchObject({ code: 'domain_idn', description: IDN_NL });
    expect(await ordersOfReseller()).toBe(before);
  });

  it("names the rule another name breaks, and keeps the general refusal for what is no name of an extension sold", async () => {
    const doubleHyphen = await order('a--b.nl');
    expect(doubleHyphen.statusCode).toBe(400);
    expect(doubleHyphen.json()).toMatchObject({ fieldErrors: { domain: 'Een domeinnaam mag geen twee streepjes na elkaar hebben.' }, errors: [{ field: 'domain', code: 'domain' }] });
    const unknownExtension = await order('bakkerij.onbekend');
    expect(unknownExtension.statusCode).toBe(400);
    expect(unknownExtension.json()).toMatchObject({ fieldErrors: { domain: validation.domain.nl } });
  });
});
