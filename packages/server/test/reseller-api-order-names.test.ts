import { randomUUID } from 'node:crypto';
import { contracts, resellerApiContracts, validation, ZApiKeyCreated } from '@kavel/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/index.ts';
import type { Services } from '../src/services.ts';
import { holderForm } from './support/holders.ts';
import { customerIdOf, databaseKinds, loginAs, useTestShop } from './support/index.ts';

const RESELLER = 'reseller@demo.kavel.nl';
const IDN_NL = 'Domeinnamen met speciale tekens (IDN, xn--…) kunnen nog niet worden besteld.';

describe.each(databaseKinds)('names a reseller API order refuses, and why, on $name', (kind) => {
  let app: FastifyInstance;
  let services: Services;
  useTestShop(kind, (shop) => ({ app, services } = shop), { demoAccounts: true });

  let key: string;
  let resellerId: number;
  beforeAll(async () => {
    const reseller = await loginAs(app, RESELLER);
    resellerId = await customerIdOf(services.db, RESELLER);
    key = ZApiKeyCreated.parse((await reseller.post(contracts.createApiKey.path, { name: 'namen', scopes: ['orders:write'] })).json()).secret;
  });

  const order = (domain: string) =>
    app.inject({
      method: 'POST',
      url: resellerApiContracts.resellerCreateOrder.path,
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': randomUUID() },
      payload: { domain, holder: holderForm() },
    });
  const ordersOfReseller = async () => (await services.db.select({ id: orders.id }).from(orders).where(eq(orders.customerId, resellerId))).length;

  it("says that a name's xn-- form (IDN) cannot be ordered yet, rather than that it is no domain name, and orders nothing", async () => {
    const before = await ordersOfReseller();
    for (const domain of ['xn--bcher-kva.nl', 'XN--MNCHEN-3YA.com']) {
      const refused = await order(domain);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json(), domain).toMatchObject({ message: IDN_NL, fieldErrors: { domain: IDN_NL } });
    }
    expect(await ordersOfReseller()).toBe(before);
  });

  it("names the rule another name breaks, and keeps the general refusal for what is no name of an extension sold", async () => {
    const doubleHyphen = await order('a--b.nl');
    expect(doubleHyphen.statusCode).toBe(400);
    expect(doubleHyphen.json()).toMatchObject({ fieldErrors: { domain: 'Een domeinnaam mag geen twee streepjes na elkaar hebben.' } });
    const unknownExtension = await order('bakkerij.onbekend');
    expect(unknownExtension.statusCode).toBe(400);
    expect(unknownExtension.json()).toMatchObject({ fieldErrors: { domain: validation.domain.nl } });
  });
});
