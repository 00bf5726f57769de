import { randomUUID } from 'node:crypto';
import { contracts, resellerApiContracts, ZApiKeyCreated, ZResellerOrder } from '@kavel/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, whoisHolders } from '../src/db/schema/index.ts';
import type { Services } from '../src/services.ts';
import { holderForm } from './support/holders.ts';
import { databaseKinds, loginAs, useTestShop } from './support/index.ts';

const RESELLER = 'reseller@demo.kavel.nl';

describe.each(databaseKinds)('reseller API order replays and holders on $name', (kind) => {
  let app: FastifyInstance;
  let services: Services;
  useTestShop(kind, (shop) => ({ app, services } = shop), { demoAccounts: true });

  let orderKey: string;
  let resellerId: number;
  beforeAll(async () => {
    const reseller = await loginAs(app, RESELLER);
    orderKey = ZApiKeyCreated.parse((await reseller.post(contracts.createApiKey.path, { name: 'herhalen', scopes: ['orders:write'] })).json()).secret;
    const [row] = await services.db.select({ id: customers.id }).from(customers).where(eq(customers.email, RESELLER));
    resellerId = row!.id;
  });

  const order = (body: object, idempotencyKey = randomUUID()) =>
    app.inject({ method: 'POST', url: resellerApiContracts.resellerCreateOrder.path, headers: { authorization: `Bearer ${orderKey}`, 'idempotency-key': idempotencyKey }, payload: body });

  it('marks a replayed order Idempotent-Replayed: true, and a first order not', async () => {
    const key = randomUUID();
    const body = { domain: 'nogmaals-gevraagd.nl', holder: holderForm({ forename: 'Herhaal' }) };
    const first = await order(body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await order(body, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().orderId).toBe(first.json().orderId);
  });

  it('reuses a holder equal to one the reseller has: five orders for one person keep one holder', async () => {
    const holdersNamed = async (surname: string) =>
      services.db.select({ id: whoisHolders.id }).from(whoisHolders).where(eq(whoisHolders.surname, surname));
    const person = holderForm({ forename: 'Vijf', surname: 'Keerbesteld' });
    const ids: number[] = [];
    for (let n = 1; n <= 5; n++) {
      const answer = await order({ domain: `vijfmaal-${n}.nl`, holder: person });
      expect(answer.statusCode, answer.body).toBe(201);
      ids.push(ZResellerOrder.parse(answer.json()).holderId);
    }
    expect(new Set(ids).size).toBe(1);
    expect(await holdersNamed('Keerbesteld')).toHaveLength(1);
    // Another person (one field differs) is a holder of its own.
    const other = await order({ domain: 'vijfmaal-anders.nl', holder: { ...person, city: 'Anderstad' } });
    expect(other.statusCode, other.body).toBe(201);
    expect(ZResellerOrder.parse(other.json()).holderId).not.toBe(ids[0]);
    const [row] = await services.db.select({ customerId: whoisHolders.customerId }).from(whoisHolders).where(eq(whoisHolders.id, ids[0]!));
    expect(row!.customerId).toBe(resellerId);
  });
});
