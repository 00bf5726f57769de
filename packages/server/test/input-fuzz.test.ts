import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contracts, messages, validation, ZApiKeyCreated, type TApiKeyScope } from '@kavel/core';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { customers } from '../src/db/schema/index.ts';
import { ensureDemoAccounts } from '../src/features/accounts/demo-accounts.ts';
import { bodyVariants, oddPathIds, ROUTE_FIXTURES, queryVariants, sampleFrom, seededRandom, type BodyVariant } from './support/fuzz.ts';
import { buildTestApp, createRecordingMailer, databaseKinds, demoAccountDeps, freshClient, loginAs, type TestClient } from './support/index.ts';

/**
 * Every route the app registers, sent hostile input by a visitor with a valid session and CSRF
 * token, by a logged-in customer where the route needs a login, and by a reseller's API key with
 * a fresh `Idempotency-Key` on the reseller API. No answer may be a 5xx, a refusal (4xx) may
 * change no row, and `/health` answers after every request. Bodies are derived from the route's
 * zod schema; the seed is fixed, so every run sends the same requests.
 */
const SEED = 20_260_901;
/** Tables a refusal may touch: the session itself, failed-attempt counts, spent captcha tokens. */
// Written by every request (sessions, attempts) or by the worker in the background, as the
// bookkeeping of jobs that earlier requests wrote (job_runs, mail_deliveries), and the simulated
// registry's own state, which those jobs change at the registry (a holder sent, a name registered).
// The reseller API keeps the answer to an Idempotency-Key, refusals included, so a retry gets it again.
const VOLATILE_TABLES = new Set(['sessions', 'auth_attempts', 'login_throttles', 'spent_captcha_tokens', 'job_runs', 'mail_deliveries', 'simulated_registry_domains', 'simulated_registry_requests', 'reseller_api_requests']);
/** Columns written besides the request's own change: a zone's publishing marks (by the worker), an API key's last use. */
const VOLATILE_COLUMNS: Record<string, string[]> = { dns_zones: ['published_revision', 'published_at'], reseller_api_keys: ['last_used_at'] };
/** How many of the odd path ids each route with an id is sent. */
const PATH_SAMPLE = 6;
const RESELLER_API = '/api/reseller/v1/';
/** The reseller's own domain, so the reseller API's DNS routes reach their handlers. */
const RESELLER_DOMAIN = 'fuzz-wederverkoper.nl';
/** A path parameter's value in the base request: a real name where the route takes one, else id 1. */
const PATH_FIXTURES: Record<string, string> = { domain: RESELLER_DOMAIN };
const ALL_SCOPES: TApiKeyScope[] = ['availability:read', 'domains:read', 'dns:read', 'dns:write'];
/** Lifted, so the fuzz's many calls reach the reseller API's handlers rather than its limit (a spread: no excess-property check). */
const UNLIMITED_API = { resellerApiPerMinute: 1_000_000, resellerApiPerResellerPerMinute: 1_000_000 };

interface Outcome {
  route: string;
  label: string;
  status: number;
  changed: boolean;
  /** Whether `/health` answered 200 right after the request. */
  healthy: boolean;
  /** A refusal's text that is none of the shop's (a library's English, say). */
  foreign?: string;
}

/** The shop's texts a refusal may carry, in Dutch (the fuzz's visitors have no other language); `{name}` stands for any value. */
const SHOP_TEXTS = [...Object.values(messages), ...Object.values(validation)].map(({ nl }) => new RegExp(`^${nl.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.+')}$`, 's'));

/** The first text of a JSON refusal that is not one of the shop's. */
function foreignText(response: LightMyRequestResponse): string | undefined {
  if (response.statusCode < 400 || response.statusCode >= 500 || !String(response.headers['content-type']).startsWith('application/json')) return undefined;
  const body = response.json() as { message?: unknown; fieldErrors?: Record<string, unknown>; formErrors?: unknown[] };
  return [body.message, ...Object.values(body.fieldErrors ?? {}), ...(body.formErrors ?? [])].map(String).find((text) => !SHOP_TEXTS.some((shop) => shop.test(text)));
}

describe.each(databaseKinds)('hostile input to every route on $name', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const routes: RouteOptions[] = [];
  let requests = 0;
  /** The data as the last request left it. */
  let changesSoFar = 0;

  let webDist: string;
  let apiKey = '';
  beforeAll(async () => {
    database = await kind.open();
    // A built front end of one page, so the page routes answer as in production.
    webDist = mkdtempSync(join(tmpdir(), 'kavel-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="nl"><body><div id="root"></div></body></html>');
    writeFileSync(join(webDist, 'assets', 'app.js'), '');
    app = await buildTestApp(database, { mailer: createRecordingMailer(), config: { webDist, ...UNLIMITED_API }, onRoute: (route) => void routes.push(route) });
    const services = await demoAccountDeps(database.db);
    await ensureDemoAccounts(services);
    await app.ready();
    const [reseller] = await database.db.select({ id: customers.id }).from(customers).where(eq(customers.email, 'reseller@demo.kavel.nl'));
    await services.domains.addDomain(RESELLER_DOMAIN, reseller!.id);
    const created = await (await loginAs(app, 'reseller@demo.kavel.nl')).post(contracts.createApiKey.path, { name: 'fuzz', scopes: ALL_SCOPES });
    apiKey = ZApiKeyCreated.parse(created.json()).secret;
    // A zone with a record, as a reseller's domain in use has (a change's lock makes a missing zone row first).
    const record = await app.inject({ method: 'POST', url: `${RESELLER_API}domains/${RESELLER_DOMAIN}/dns/records`, headers: { authorization: `Bearer ${apiKey}` }, payload: { name: 'www', type: 'A', value: '192.0.2.80' } });
    expect(record.statusCode, record.body).toBe(201);
    const tables = (await database.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)) as unknown as {
      rows: Array<{ table_name: string }>;
    };
    // Every row written, changed or deleted in a committed transaction counts one (the count rolls back with its transaction).
    await database.db.execute(sql`create table kavel_fuzz_changes (n bigint not null)`);
    await database.db.execute(sql`insert into kavel_fuzz_changes values (0)`);
    await database.db.execute(sql`create function kavel_fuzz_count() returns trigger language plpgsql as $$ begin update kavel_fuzz_changes set n = n + 1; return null; end $$`);
    for (const { table_name: name } of tables.rows.filter((row) => !VOLATILE_TABLES.has(row.table_name))) {
      await database.db.execute(sql.raw(`create trigger kavel_fuzz_written after insert or delete on "${name}" for each row execute function kavel_fuzz_count()`));
      const ignored = (VOLATILE_COLUMNS[name] ?? []).map((column) => ` - '${column}'`).join('');
      const changed = ignored ? `(to_jsonb(old.*)${ignored}) is distinct from (to_jsonb(new.*)${ignored})` : 'old.* is distinct from new.*';
      await database.db.execute(sql.raw(`create trigger kavel_fuzz_changed after update on "${name}" for each row when (${changed}) execute function kavel_fuzz_count()`));
    }
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  /** How many rows have changed so far. */
  const changeCount = async () => Number(((await database.db.execute(sql`select n from kavel_fuzz_changes`)) as unknown as { rows: Array<{ n: unknown }> }).rows[0]!.n);

  /** One request as `client` would send it, from an address of its own (so per-address limits do not hide a handler). */
  async function send(client: TestClient, method: string, url: string, variant?: BodyVariant): Promise<LightMyRequestResponse> {
    requests++;
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const headers: Record<string, string> = { cookie, 'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '' };
    if (variant) headers['content-type'] = variant.contentType;
    // A key with every scope, and a fresh Idempotency-Key, so a write's hooks and handler see the body.
    if (url.startsWith(RESELLER_API)) Object.assign(headers, { authorization: `Bearer ${apiKey}`, 'idempotency-key': `fuzz-${SEED}-${requests}` });
    const response = await app.inject({ method: method as 'POST', url, headers, remoteAddress: `10.77.${(requests >> 8) & 255}.${requests & 255}`, ...(variant ? { payload: variant.body } : {}) });
    for (const c of response.cookies as Array<{ name: string; value: string }>) client.cookies.set(c.name, c.value);
    return response;
  }

  /** What the route's requests did; a refusal that changed data counts as `changed`. */
  async function fuzzRoute(client: TestClient, route: RouteOptions, method: string): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    const random = seededRandom(SEED + route.url.length);
    const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown; params?: unknown };
    const name = `${method} ${route.url}`;
    const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    // A route's pattern carries its ids' regular expression (`:id(^\d+$)`): the value replaces both.
    const urlsFor = (value?: string) => route.url.replace(/:(\w+)(\([^)]*\))?/g, (_, param: string) => value ?? PATH_FIXTURES[param] ?? '1').replace('*', value ?? '1');
    const urls = paramNames.length || route.url.includes('*') ? [{ label: 'path', url: urlsFor() }, ...oddPathIds(random, PATH_SAMPLE).map((id) => ({ label: `path ${id.slice(0, 20)}`, url: urlsFor(id) }))] : [{ label: 'path', url: route.url }];
    const queryBase = schema.querystring ? (sampleFrom(schema.querystring) as Record<string, unknown>) : { lang: 'nl' };
    const bodyBase = schema.body ? sampleFrom(schema.body, '', ROUTE_FIXTURES[name]) : {};
    const run = async (label: string, url: string, variant?: BodyVariant) => {
      const response = await send(client, method, url, variant);
      const healthy = (await app.inject({ method: 'GET', url: '/health' })).statusCode === 200;
      const after = await changeCount();
      const changed = response.statusCode >= 400 && response.statusCode < 500 && after !== changesSoFar;
      changesSoFar = after;
      outcomes.push({ route: name, label, status: response.statusCode, changed, healthy, foreign: foreignText(response) });
    };
    const sampleUrl = urls[0]!.url;
    for (const { label, url } of urls) await run(label, url, method === 'GET' || method === 'DELETE' ? undefined : { label, body: JSON.stringify(bodyBase), contentType: 'application/json' });
    for (const { label, query } of queryVariants(queryBase, random)) await run(label, `${sampleUrl}?${query}`);
    // A DELETE too: a route without a body schema used to hand any body to its hooks.
    if (method !== 'GET') {
      for (const variant of bodyVariants(bodyBase, random)) await run(variant.label, sampleUrl, variant);
    }
    return outcomes;
  }

  it('answers no 5xx, a refusal changes nothing and says so in the shop\'s words', { timeout: 240_000 }, async () => {
    const visitor = freshClient(app);
    await visitor.get('/api/bestelprocedure/getBasket');
    let customer = await loginAs(app, 'klant@demo.kavel.nl');
    const outcomes: Outcome[] = [];
    const seen = new Set<string>();
    for (const route of routes) {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS' || seen.has(`${method} ${route.url}`)) continue;
        seen.add(`${method} ${route.url}`);
        const needsLogin = route.preValidation !== undefined;
        // A route may have ended the session (logout) or rotated it: log in again when needed.
        if (needsLogin && (await send(customer, 'GET', '/api/bestellen/ingelogd')).body !== 'true') customer = await loginAs(app, 'klant@demo.kavel.nl');
        const client = needsLogin ? customer : visitor;
        changesSoFar = await changeCount();
        outcomes.push(...(await fuzzRoute(client, route, method)));
      }
    }
    const failures = outcomes
      .filter((o) => o.status >= 500 || o.changed || !o.healthy || o.foreign)
      .map((o) => `${o.route} [${o.label}] -> ${o.status}${o.changed ? ' and changed data' : ''}${o.healthy ? '' : ', then /health did not answer'}${o.foreign ? `, saying '${o.foreign}'` : ''}`);
    expect(failures).toEqual([]);
    // The fuzz reached the routes of the issue with bodies their schemas accept, so hostile values met the handlers.
    expect(seen.size).toBeGreaterThan(50);
    expect(outcomes.length).toBeGreaterThan(1500);
    // The accepted requests did write (adding a domain, registering): the count sees changes.
    expect(changesSoFar).toBeGreaterThan(0);
    // The reseller API answered the key: its hostile bodies met the hooks and handlers behind it.
    expect(outcomes.find((o) => o.route === 'GET /api/reseller/v1/domains/:domain/dns' && o.label === 'path')?.status).toBe(200);
    for (const route of ['POST /api/bestelprocedure/addItem', 'POST /api/bestelprocedure/setGratisProduct', 'POST /api/bestelprocedure/removeItem', 'POST /api/report-error', 'POST /api/login', 'POST /api/register-account', 'POST /api/bestelprocedure/setDomainHolder']) {
      const accepted = outcomes.find((o) => o.route === route && o.label === 'path');
      expect(accepted?.status, route).not.toBe(400);
      expect(accepted?.status, route).toBeLessThan(500);
    }
  });
});
