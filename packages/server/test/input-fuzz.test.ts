import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { ensureDemoAccounts } from '../src/features/accounts/demo-accounts.ts';
import { bodyVariants, ODD_PATH_IDS, ROUTE_FIXTURES, queryVariants, sampleFrom, seededRandom, type BodyVariant } from './support/fuzz.ts';
import { buildTestApp, createRecordingMailer, databaseKinds, demoAccountDeps, freshClient, loginAs, type TestClient } from './support/index.ts';

/**
 * Every route the app registers, sent hostile input by a visitor with a valid session and CSRF
 * token, and by a logged-in customer where the route needs a login. No answer may be a 5xx, and
 * a refusal (4xx) may change no row. Bodies are derived from the route's zod schema; the seed
 * is fixed, so every run sends the same requests.
 */
const SEED = 20_260_901;
/** Tables a refusal may touch: the session itself, failed-attempt counts, spent captcha tokens. */
// Written by every request (sessions, attempts) or by the worker in the background, as the
// bookkeeping of jobs that earlier requests wrote (job_runs, mail_deliveries), and the simulated
// registry's own state, which those jobs change at the registry (a holder sent, a name registered).
const VOLATILE_TABLES = new Set(['sessions', 'auth_attempts', 'login_throttles', 'spent_captcha_tokens', 'job_runs', 'mail_deliveries', 'simulated_registry_domains', 'simulated_registry_requests']);
/** Columns the worker writes in the background after an accepted request: a zone's publishing marks. */
const VOLATILE_COLUMNS: Record<string, string[]> = { dns_zones: ['published_revision', 'published_at'] };

interface Outcome {
  route: string;
  label: string;
  status: number;
  changed: boolean;
}

describe.each(databaseKinds)('hostile input to every route on $name', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const routes: RouteOptions[] = [];
  let requests = 0;
  /** The data as the last request left it. */
  let changesSoFar = 0;

  let webDist: string;
  beforeAll(async () => {
    database = await kind.open();
    // A built front end of one page, so the page routes answer as in production.
    webDist = mkdtempSync(join(tmpdir(), 'kavel-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="nl"><body><div id="root"></div></body></html>');
    writeFileSync(join(webDist, 'assets', 'app.js'), '');
    app = await buildTestApp(database, { mailer: createRecordingMailer(), config: { webDist }, onRoute: (route) => void routes.push(route) });
    await ensureDemoAccounts(await demoAccountDeps(database.db));
    await app.ready();
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
    const urlsFor = (value: string) => route.url.replace(/:(\w+)/g, () => value).replace('*', value);
    const urls = paramNames.length || route.url.includes('*') ? ['1', ...ODD_PATH_IDS].map((id) => ({ label: `path ${id}`, url: urlsFor(id) })) : [{ label: 'path', url: route.url }];
    const queryBase = schema.querystring ? (sampleFrom(schema.querystring) as Record<string, unknown>) : { lang: 'nl' };
    const bodyBase = schema.body ? sampleFrom(schema.body, '', ROUTE_FIXTURES[name]) : {};
    const run = async (label: string, url: string, variant?: BodyVariant) => {
      const response = await send(client, method, url, variant);
      const after = await changeCount();
      const changed = response.statusCode >= 400 && response.statusCode < 500 && after !== changesSoFar;
      changesSoFar = after;
      outcomes.push({ route: name, label, status: response.statusCode, changed });
    };
    const sampleUrl = urls[0]!.url;
    for (const { label, url } of urls) await run(label, url, method === 'GET' || method === 'DELETE' ? undefined : { label, body: JSON.stringify(bodyBase), contentType: 'application/json' });
    for (const { label, query } of queryVariants(queryBase)) await run(label, `${sampleUrl}?${query}`);
    if (method !== 'GET' && method !== 'DELETE') {
      for (const variant of bodyVariants(bodyBase, random)) await run(variant.label, sampleUrl, variant);
    }
    return outcomes;
  }

  it('answers no 5xx, and a refusal changes nothing', { timeout: 120_000 }, async () => {
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
    const failures = outcomes.filter((o) => o.status >= 500 || o.changed).map((o) => `${o.route} [${o.label}] -> ${o.status}${o.changed ? ' and changed data' : ''}`);
    expect(failures).toEqual([]);
    // The fuzz reached the routes of the issue with bodies their schemas accept, so hostile values met the handlers.
    expect(seen.size).toBeGreaterThan(50);
    expect(outcomes.length).toBeGreaterThan(1500);
    // The accepted requests did write (adding a domain, registering): the count sees changes.
    expect(changesSoFar).toBeGreaterThan(0);
    for (const route of ['POST /api/bestelprocedure/addItem', 'POST /api/bestelprocedure/setGratisProduct', 'POST /api/bestelprocedure/removeItem', 'POST /api/report-error', 'POST /api/login', 'POST /api/register-account', 'POST /api/bestelprocedure/setDomainHolder']) {
      const accepted = outcomes.find((o) => o.route === route && o.label === 'path');
      expect(accepted?.status, route).not.toBe(400);
      expect(accepted?.status, route).toBeLessThan(500);
    }
  });
});
