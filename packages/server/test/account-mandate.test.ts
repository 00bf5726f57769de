import { ZMandateState } from '@kavel/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { directDebitMandates } from '../src/db/schema/index.ts';
import { fillBasket, purchase, purchaseBody, purchased, VALID_IBAN } from './orders-helpers.ts';
import { approveOnAccount, createActiveAccount, customerIdOf, databaseKinds, freshClient, loginAs, useTestShop, type TestShop } from './support/index.ts';

const MANDATE_PATH = '/api/account/incasso-machtiging';
const mandate = (overrides: Record<string, unknown> = {}) => ({ iban: 'nl91 abna 0417 1643 00', accountHolder: 'A. de Boer', mandateAccepted: true, ...overrides });

describe.each(databaseKinds)("a direct-debit mandate given on the account's data page, on $name", (kind) => {
  let shop: TestShop;
  let app: FastifyInstance;
  let database: DatabaseHandle;
  useTestShop(kind, (ready) => ({ app, database } = shop = ready), { demoAccounts: true });

  const mandatesOf = async (email: string) => database.db.select().from(directDebitMandates).where(eq(directDebitMandates.customerId, await customerIdOf(database.db, email)));

  it('refuses a visitor (401), a sub-user (403), a bad IBAN or an unticked box (400), and a post without the token, storing nothing', async () => {
    expect((await freshClient(app).post(MANDATE_PATH, mandate())).statusCode).toBe(401);

    const subUser = await loginAs(app, 'medewerker@demo.kavel.nl');
    const refused = await subUser.post(MANDATE_PATH, mandate());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Je bent ingelogd als subgebruiker en kunt daarom geen machtiging geven. Log in als gewone gebruiker.');

    const customer = await createActiveAccount(app, shop.mailer, 'machtiging-fout@example.nl');
    const badIban = await customer.post(MANDATE_PATH, mandate({ iban: 'NL91 ABNA 0417 1643 01' }));
    expect(badIban.statusCode).toBe(400);
    expect(badIban.json().fieldErrors.iban).toMatch(/IBAN/);
    const unticked = await customer.post(MANDATE_PATH, mandate({ mandateAccepted: false }));
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json().fieldErrors.mandateAccepted).toBeDefined();
    expect((await customer.post(MANDATE_PATH, mandate(), { csrf: false })).statusCode).toBe(403);
    expect(await mandatesOf('machtiging-fout@example.nl')).toEqual([]);
  });

  it('stores the mandate once; the next order is collected by direct debit without asking again, and a second mandate is 409', async () => {
    const customer = await createActiveAccount(app, shop.mailer, 'machtiging@example.nl');
    const given = await customer.post(MANDATE_PATH, mandate());
    expect(given.statusCode).toBe(200);
    expect(ZMandateState.parse(given.json())).toEqual({ hasMandate: true, ibanMasked: 'NL91 **** 4300' });
    expect((await customer.get('/api/bestelprocedure/directDebitMandate')).json()).toEqual({ hasMandate: true, ibanMasked: 'NL91 **** 4300' });
    const customerId = await customerIdOf(database.db, 'machtiging@example.nl');
    expect(await mandatesOf('machtiging@example.nl')).toEqual([expect.objectContaining({ iban: VALID_IBAN.replace(/\s+/g, ''), accountHolder: 'A. de Boer', reference: `KAVEL-${customerId}-1` })]);

    const again = await customer.post(MANDATE_PATH, mandate({ accountHolder: 'B. de Boer' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Je betaalt al via automatische incasso. Neem contact met ons op om je rekeningnummer te wijzigen.');
    expect(await mandatesOf('machtiging@example.nl')).toEqual([expect.objectContaining({ accountHolder: 'A. de Boer' })]);

    // A mandate alone does not make a customer one who may pay after delivery: staff approved this one.
    await approveOnAccount(database.db, 'machtiging@example.nl');
    await fillBasket(customer);
    const order = purchased(await purchase(customer, purchaseBody('AUTOMATIC_INCASSO')));
    expect(order.returnUrl).toBe(`/bestellen/${order.orderId}/overzicht`);
  });
});
