import { message, pathOf, problemTitle, resellerApiContracts, validationMessage, ZApiError, ZProblemType } from '@kavel/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { conformanceFaults, type RecordedAnswer } from './support/api-conformance.ts';
import { databaseKinds, resellerApiKey, useTestShop } from './support/index.ts';
import type { Services } from '../src/services.ts';

const OWN_DOMAIN = 'probleemloos.nl';
const records = (domain: string) => `${pathOf(resellerApiContracts.resellerDnsRecords, { domain })}/records`;

/** A refusal as RFC 9457 problem details with our code: the status in the body, the type naming the code. */
function problemOf(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  const body = ZApiError.parse(response.json());
  expect(body).toMatchObject({ status, code, type: `/api/problems/${code}` });
  expect(body.detail).toBe(body.message);
  return body;
}

describe.each(databaseKinds)('refusals as problem details, in the language asked for, on $name', (kind) => {
  let app: FastifyInstance;
  let services: Services;
  useTestShop(kind, (shop) => ({ app, services } = shop), { demoAccounts: true });

  let key: string;
  beforeAll(async () => {
    ({ key } = await resellerApiKey(app, services, 'problemen', ['domains:read', 'dns:read', 'dns:write', 'orders:read'], [OWN_DOMAIN]));
  });

  const api = (method: 'GET' | 'POST' | 'PUT', url: string, options: { payload?: unknown; language?: string; withKey?: boolean; headers?: Record<string, string> } = {}) =>
    app.inject({
      method,
      url,
      headers: {
        ...(options.withKey === false ? {} : { authorization: `Bearer ${key}` }),
        ...(options.language ? { 'accept-language': options.language } : {}),
        ...options.headers,
      },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });

  it('gives every refusal of the API a stable code, its status in words and a message in the language of Accept-Language', async () => {
    for (const [language, locale] of [[undefined, 'nl'], ['en-GB,en;q=0.9,nl;q=0.5', 'en'], ['fr, nl;q=0.3', 'nl'], ['de', 'nl']] as const) {
      const withoutKey = problemOf(await api('GET', resellerApiContracts.resellerDomains.path, { withKey: false, ...(language ? { language } : {}) }), 401, 'api_key_required');
      expect(withoutKey.detail).toBe(message(locale, 'apiKeyRequired'));
      expect(withoutKey.title).toBe(problemTitle(locale, 401));

      const notOurs = problemOf(await api('GET', pathOf(resellerApiContracts.resellerDnsRecords, { domain: 'goudenkorst.nl' }), language ? { language } : {}), 404, 'not_found');
      expect(notOurs.detail).toBe(message(locale, 'notFound'));
    }
  });

  it('names an invalid record `invalid_record`, with a code and a message per field, never the validation library\'s English', async () => {
    for (const locale of ['nl', 'en'] as const) {
      const refused = problemOf(await api('POST', records(OWN_DOMAIN), { payload: { name: 'www', type: 'A', value: 'geen-adres', ttl: 'lang' }, language: locale }), 400, 'invalid_record');
      expect(refused.detail).toBe(message(locale, 'validation'));
      expect(Object.keys(refused.fieldErrors ?? {}).sort()).toEqual(['ttl']);
      expect(refused.errors).toEqual([{ field: 'ttl', code: 'dns_ttl', detail: validationMessage(locale, 'dnsTtl') }]);
      expect(refused.detail + JSON.stringify(refused.errors)).not.toMatch(/Invalid input|expected/i);

      const badAddress = problemOf(await api('POST', records(OWN_DOMAIN), { payload: { name: 'www', type: 'A', value: 'geen-adres' }, language: locale }), 400, 'invalid_record');
      expect(badAddress.errors?.[0]).toMatchObject({ field: 'value', code: expect.stringMatching(/^[a-z0-9_]+$/) });
      expect(badAddress.errors?.[0]?.code).not.toBe('invalid_record');
    }
  });

  it('answers malformed addresses, malformed JSON, a method the path lacks and an unknown path in the same shape', async () => {
    // A path that is no valid URL component: the API's own 404, never Fastify's error body.
    const malformed = problemOf(await api('GET', `${resellerApiContracts.resellerDomains.path}/%ZZ/dns`, { language: 'en' }), 404, 'not_found');
    expect(malformed.detail).toBe(message('en', 'notFound'));
    expect(Object.keys(malformed)).not.toContain('error');

    const brokenJson = await api('POST', records(OWN_DOMAIN), { payload: '{"name": "www",', headers: { 'content-type': 'application/json' } });
    expect(problemOf(brokenJson, 400, 'invalid_json').detail).toBe(message('nl', 'invalidJson'));

    problemOf(await api('PUT', resellerApiContracts.resellerDomains.path), 405, 'method_not_allowed');
    problemOf(await api('GET', '/api/reseller/v1/bestaat-niet'), 404, 'not_found');
  });

  it("describes each code at its type's address, in the caller's language", async () => {
    const dutch = await app.inject({ method: 'GET', url: '/api/problems/domain_unavailable' });
    expect(dutch.statusCode).toBe(200);
    expect(ZProblemType.parse(dutch.json())).toEqual({ type: '/api/problems/domain_unavailable', code: 'domain_unavailable', description: message('nl', 'domainUnavailable') });
    const english = await app.inject({ method: 'GET', url: '/api/problems/rate_limited', headers: { 'accept-language': 'en' } });
    expect(ZProblemType.parse(english.json()).description).toBe(message('en', 'rateLimited'));
    expect((await app.inject({ method: 'GET', url: '/api/problems/invalid_record' })).statusCode).toBe(200);
    problemOf(await app.inject({ method: 'GET', url: '/api/problems/bestaat_niet' }), 404, 'not_found');
  });

  it('finds what the document does not describe in recorded answers: the conformance check can fail', () => {
    const answer = (over: Partial<RecordedAnswer>): RecordedAnswer => ({
      method: 'GET',
      url: '/api/reseller/v1/domains',
      route: '/api/reseller/v1/domains',
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '[]',
      ...over,
    });
    expect(conformanceFaults([answer({})])).toEqual([]);
    expect(conformanceFaults([answer({ status: 418 })])[0]).toMatch(/status not declared/);
    expect(conformanceFaults([answer({ body: '{"domains": []}' })])[0]).toMatch(/does not match/);
    expect(conformanceFaults([answer({ status: 404, headers: { 'content-type': 'application/json' }, body: '{"message":"x"}' })])[0]).toMatch(/media type/);
    expect(conformanceFaults([answer({ status: 404, headers: { 'content-type': 'application/problem+json' }, body: '{"message":"x"}' })])[0]).toMatch(/does not match/);
    expect(conformanceFaults([answer({ headers: { 'content-type': 'application/json', 'idempotent-replayed': 'true' } })])[0]).toMatch(/idempotent-replayed not declared/);
    expect(conformanceFaults([answer({ route: undefined, status: 400 })])[0]).toMatch(/no route/);
  });
});
