import { messages, validation, type Locale } from '@kavel/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { databaseKinds, freshClient, loginAs, useTestShop, type TestClient } from './support/index.ts';

/**
 * Malformed bodies (a discriminated union's unknown type, wrong types, missing fields, invalid
 * JSON, a wrong content type, a body that is no object) are refused in the visitor's language
 * with the shop's own texts: no zod or Fastify English reaches the answer.
 */
const shopTexts = (locale: Locale) => new Set([...Object.values(messages), ...Object.values(validation)].map((text) => text[locale]));

/** Every text of a refusal (its message, field errors and form errors) is one of the shop's in `locale`. */
function expectShopRefusal(response: LightMyRequestResponse, locale: Locale, status = 400): { message: string; fieldErrors: Record<string, string>; formErrors: string[] } {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { message: string; fieldErrors?: Record<string, string>; formErrors?: string[] };
  const known = shopTexts(locale);
  for (const text of [body.message, ...Object.values(body.fieldErrors ?? {}), ...(body.formErrors ?? [])]) expect(known, `${text} in ${response.body}`).toContain(text);
  return { message: body.message, fieldErrors: body.fieldErrors ?? {}, formErrors: body.formErrors ?? [] };
}

/** A request with a raw body and content type, as the client's browser would send it (cookies, CSRF token). */
async function sendRaw(app: FastifyInstance, client: TestClient, method: 'POST' | 'PUT', url: string, payload: string, contentType = 'application/json') {
  if (!client.cookies.has('XSRF-TOKEN')) await client.get('/api/bestelprocedure/getBasket');
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return app.inject({ method, url, payload, headers: { cookie, 'content-type': contentType, 'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '' } });
}

describe.each(databaseKinds)('refusals in the shop\'s languages on $name', (kind) => {
  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ app } = shop), { demoAccounts: true });

  /** A visitor (or the demo customer) whose pages are in `locale`. */
  async function clientIn(locale: Locale, customer = false): Promise<TestClient> {
    const client = customer ? await loginAs(app, 'klant@demo.kavel.nl') : freshClient(app);
    await client.get(`/bestelprocedure?lang=${locale}`);
    return client;
  }

  it.each(['nl', 'en'] as const)('answers malformed bodies with the shop\'s texts in %s', async (locale) => {
    const visitor = await clientIn(locale);
    const t = (key: keyof typeof validation) => validation[key][locale];

    // A discriminated union: an unknown type, and none at all.
    for (const body of [{ type: 'nope' }, {}]) {
      const refused = expectShopRefusal(await visitor.put('/api/bestellen/items-omzetten', body), locale);
      expect(refused.message).toBe(messages.validation[locale]);
      expect(refused.fieldErrors).toEqual({ type: t('id') });
    }
    // An enum value that is not one of its options.
    expect(expectShopRefusal(await visitor.post('/api/bestelprocedure/setPeriod', { period: 'DAILY' }), locale).fieldErrors).toEqual({ period: t('id') });
    // Wrong types and missing fields.
    const login = expectShopRefusal(await visitor.post('/api/login', { username: 5, password: [], extra: true }), locale);
    expect(Object.keys(login.fieldErrors).sort()).toEqual(['password', 'username']);
    expect(expectShopRefusal(await visitor.post('/api/register-account', { email: 'a' }), locale).fieldErrors).toMatchObject({ registrationDto: t('required') });
    expect(expectShopRefusal(await visitor.post('/api/report-error', { msg: 'boom', line: 'twelve' }), locale).fieldErrors).toEqual({ line: t('number') });
    // A body that is no object: null, a list, a string, plain text.
    for (const payload of ['null', '[]', '"x"']) {
      expect(expectShopRefusal(await sendRaw(app, visitor, 'POST', '/api/bestelprocedure/addItem', payload), locale).formErrors, payload).toEqual([t('body')]);
    }
    expect(expectShopRefusal(await sendRaw(app, visitor, 'POST', '/api/bestelprocedure/addItem', 'a=b', 'text/plain'), locale).formErrors).toEqual([t('body')]);
    // Invalid JSON, and a content type the route does not take.
    expect(expectShopRefusal(await sendRaw(app, visitor, 'POST', '/api/bestelprocedure/addItem', '{"productId":'), locale).message).toBe(messages.invalidJson[locale]);
    expect(expectShopRefusal(await sendRaw(app, visitor, 'PUT', '/api/bestellen/items-omzetten', '<basket/>', 'application/xml'), locale, 415).message).toBe(messages.mediaType[locale]);
    // A path the router refuses before any hook: a parameter past its length.
    const cookie = [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const long = await app.inject({ method: 'GET', url: `/api/bestellen/${'1'.repeat(200)}/betaling`, headers: { cookie } });
    expect(expectShopRefusal(long, locale, 414).message).toBe(messages.notFound[locale]);
  });

  it.each(['nl', 'en'] as const)('answers a logged-in customer\'s malformed holder in %s', async (locale) => {
    const customer = await clientIn(locale, true);
    const refused = expectShopRefusal(await customer.post('/api/account/whois', { isCompany: 'yes', forename: 7, houseNumber: [], country: { nl: true } }), locale);
    expect(Object.keys(refused.fieldErrors)).toEqual(expect.arrayContaining(['isCompany', 'forename', 'surname', 'houseNumber']));
  });
});
