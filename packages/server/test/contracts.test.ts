import { readdirSync, readFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allContracts, contracts, NOT_FOUND_PAGE, pathOf, ZApiError, ZNoBody, type Contract, type ContractName } from '@kavel/core';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { accountContracts } from '@kavel/core/contracts/accounts';
import { addressContracts } from '@kavel/core/contracts/addresses';
import { basketContracts } from '@kavel/core/contracts/basket';
import { checkoutContracts } from '@kavel/core/contracts/checkout';
import { customerDataContracts } from '@kavel/core/contracts/customer-data';
import { dnsProfileContracts } from '@kavel/core/contracts/dns-profiles';
import { dnsZoneContracts } from '@kavel/core/contracts/dns-zones';
import { forwardingContracts } from '@kavel/core/contracts/forwarding';
import { orderAppContracts } from '@kavel/core/contracts/order-app';
import { apiKeyContracts, resellerApiContracts, resellerApiDocContracts } from '@kavel/core/contracts/reseller-api';
import { orderContracts, paymentContracts, productContracts } from '@kavel/core/contracts/orders';
import { resellerBasketContracts } from '@kavel/core/contracts/reseller-basket';
import { resellerCheckoutContracts } from '@kavel/core/contracts/reseller-checkout';
import { sessionContracts } from '@kavel/core/contracts/session';
import { shopContracts } from '@kavel/core/contracts/shop';
import { whoisContracts } from '@kavel/core/contracts/whois';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { ensureDemoAccounts } from '../src/features/accounts/demo-accounts.ts';
import { INVOICE_CSS_PATH } from '../src/features/orders/invoice-page.ts';
import { PAGE_ROUTES } from '../src/http/pages.ts';
import { SIMULATED_PAYMENT_CSS_PATH } from '../src/ports/payment/simulated-payment-page.ts';
import { HOME_CSS_PATH } from '../src/features/home/home-style.ts';
import { buildTestApp, databaseKinds, demoAccountDeps, freshClient, loginAs } from './support/index.ts';

/**
 * Routes the app registers without a contract, each for a reason: none of them is called by the
 * web client or named anywhere else.
 */
const WITHOUT_CONTRACT: Record<string, string> = {
  'GET /health': 'the load balancer probe',
  'GET /robots.txt': 'for crawlers: plain text, no API',
  'GET /favicon.ico': "a redirect to the shop's SVG icon, for pages that name none",
  'GET /': "the shop's home page, rendered on the server (HTML, no API)",
  'GET /domeinnaam/domeinextensie/:page': 'an extension page, rendered on the server (HTML, no API)',
  [`GET ${HOME_CSS_PATH}`]: "the server-rendered pages' style sheet",
  'GET /assets/*': 'the built front end, served by @fastify/static',
  [`GET ${INVOICE_CSS_PATH}`]: "the invoice page's style sheet, linked from that page only",
  [`GET ${SIMULATED_PAYMENT_CSS_PATH}`]: "the simulated payment provider's style sheet (an adapter, not the shop's API)",
  'GET /betalen/simulatie/:providerOrderId': "the simulated payment provider's page: the payment port hands out its address",
  'POST /betalen/simulatie/:providerOrderId': "the simulated payment provider's form, posted from its own page",
  [`GET ${NOT_FOUND_PAGE}`]: "the shop's 'not found' page (a page route)",
  ...Object.fromEntries(PAGE_ROUTES.map((path) => [`GET ${path}`, 'a page route: the same HTML shell, the web router picks the page'])),
};

/** Contracts the web client does not call, each for a reason. */
const NOT_CALLED_BY_WEB: Partial<Record<ContractName, string>> = {
  paymentReturn: 'the payment provider sends the browser there',
  paymentWebhook: 'the payment provider calls it',
  problemType: "a program reads it, through a refusal's `type`",
  domainDns: "the DNS page reads the records with the page's data (dnsZonePage); this answers the records alone",
  captchaV3Key: "reCAPTCHA v3's historic path; the page asks /captcha/key",
  captchaChallenge: 'the browser fetches the address the captcha key names',
  ...Object.fromEntries(Object.keys(resellerApiContracts).map((name) => [name, "the reseller API: called by resellers' own software with an API key, never by the web"])),
  resellerOpenApi: "the reseller API's OpenAPI document, read by resellers' tools",
  controlPanelPage: "links to the former control panel's pages; the server sends the browser into the account area",
};

const keyOf = (method: string, path: string) => `${method} ${path}`;

/** Each area's contracts object, by the name the web imports it under (`@kavel/core/contracts/<module>`). */
const AREAS: Record<string, Record<string, Contract>> = {
  accountContracts,
  addressContracts,
  apiKeyContracts,
  basketContracts,
  checkoutContracts,
  customerDataContracts,
  dnsProfileContracts,
  dnsZoneContracts,
  forwardingContracts,
  orderAppContracts,
  orderContracts,
  paymentContracts,
  productContracts,
  resellerApiContracts,
  resellerApiDocContracts,
  resellerBasketContracts,
  resellerCheckoutContracts,
  sessionContracts,
  shopContracts,
  whoisContracts,
};

/** The area objects a contract is in (a session call is also an account call). */
const areasOf = (name: string) => Object.entries(AREAS).filter(([, area]) => area[name] === contracts[name as ContractName]).map(([area]) => area);

/** The web client's source files (tests excluded). */
function webSources(dir = join(import.meta.dirname, '../../web/src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return webSources(path);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    // Code only: a comment may name the route it is about.
    return [readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')];
  });
}

describe('route contracts: the client side', () => {
  const sources = webSources().join('\n');

  it('has every contract called by the web client by name, apart from the listed ones', () => {
    // The web names a contract through its area's object (`basketContracts.getBasket`, from
    // `@kavel/core/contracts/basket`), so that a screen loads only the schemas of its calls; the
    // name must belong to that area, so `basketContracts.me` would not count for `me`.
    const calledByName = (name: string) => areasOf(name).some((area) => new RegExp(`\\b${area}\\.${name}\\b`).test(sources));
    const names = Object.keys(contracts) as ContractName[];
    const uncalled = names.filter((name) => !calledByName(name) && !(name in NOT_CALLED_BY_WEB));
    expect(uncalled).toEqual([]);
    // An exception that is called after all is no exception.
    const calledAnyway = Object.keys(NOT_CALLED_BY_WEB).filter(calledByName);
    expect(calledAnyway).toEqual([]);
    // Every contract is in an area the web can import on its own.
    expect(names.filter((name) => areasOf(name).length === 0)).toEqual([]);
  });

  it('names no contract through the whole `contracts` object in the web client: that object carries every schema', () => {
    expect(sources).not.toMatch(/(?<![\w.])contracts\.\w/);
    expect(sources).not.toMatch(/import[^;]*\bcontracts\b[^;]*from '@kavel\/core'/);
  });

  it('writes no contract path in the web client: paths come from core', () => {
    // A path with parameters is written when its fixed part is followed by a value (`/api/bestellen/${id}`).
    const written = allContracts
      .map((contract) => (contract.path.includes('/:') ? `${contract.path.split('/:')[0]!}/\${` : contract.path))
      .filter((path) => [`'${path}'`, `"${path}"`, `\`${path}\``, `'${path}?`, `\`${path}?`, `\`${path}`].some((quoted) => sources.includes(quoted)));
    expect(written).toEqual([]);
  });

  it('has response schemas that describe the answer as sent: no transforms, so serializing twice (server, then page) changes nothing', () => {
    const withTransforms = allContracts.filter((contract) => {
      if (!contract.response) return false;
      try {
        z.toJSONSchema(contract.response, { io: 'output' });
        return false;
      } catch {
        return true;
      }
    });
    expect(withTransforms.map((contract) => contract.path)).toEqual([]);
  });

  it('fills path parameters from the values, encoded, and refuses a missing one', () => {
    expect(pathOf(contracts.paymentStatus, { id: 12 })).toBe('/api/bestellen/12/betalingsstatus');
    expect(pathOf(contracts.whoisHolder, { id: '1/2' })).toBe('/api/account/whois/1%2F2');
    expect(() => pathOf(contracts.order)).toThrow(/:id/);
  });
});

describe.each(databaseKinds)('route contracts on $name', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const routes: RouteOptions[] = [];
  const webDist = mkdtempSync(join(tmpdir(), 'kavel-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="nl"><body><div id="root"></div></body></html>');

  beforeAll(async () => {
    database = await kind.open();
    app = await buildTestApp(database, { config: { webDist }, onRoute: (route) => void routes.push(route) });
    await ensureDemoAccounts(await demoAccountDeps(database.db));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  /** Each registered method and path once (Fastify adds HEAD for every GET by itself). */
  const registered = () =>
    routes.flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD').map((method) => ({ key: keyOf(method, route.url), route })));

  it('has a contract for every registered route, apart from the listed non-API ones', () => {
    const declared = new Map<string, Contract>(allContracts.map((contract) => [keyOf(contract.method, contract.path), contract]));
    const without = registered()
      .map(({ key }) => key)
      .filter((key) => !declared.has(key) && !(key in WITHOUT_CONTRACT));
    expect(without).toEqual([]);
    expect(registered().filter(({ key }) => key.includes(' /api/') && key in WITHOUT_CONTRACT)).toEqual([]);
  });

  it("registers every contract once, with the contract's own schemas", () => {
    for (const contract of allContracts) {
      const found = registered().filter(({ key }) => key === keyOf(contract.method, contract.path));
      expect(found, keyOf(contract.method, contract.path)).toHaveLength(1);
      const schema = (found[0]!.route.schema ?? {}) as Record<string, unknown>;
      expect(schema['params'], `${contract.path} params`).toBe(contract.params);
      expect(schema['querystring'], `${contract.path} querystring`).toBe(contract.querystring);
      // A write without a body takes none: the shared schema that refuses one.
      expect(schema['body'], `${contract.path} body`).toBe(contract.body ?? (contract.method === 'GET' ? undefined : ZNoBody));
      expect((schema['response'] as Record<number, unknown> | undefined)?.[contract.status ?? 200], `${contract.path} response`).toBe(contract.response);
    }
  });

  it('serializes an answer with the response schema: what the schema does not name is not sent', async () => {
    const client = await loginAs(app, 'klant@demo.kavel.nl');
    const answer = await client.get(contracts.me.path);
    expect(answer.statusCode).toBe(200);
    expect(contracts.me.response.parse(answer.json())).toEqual(answer.json());
    const loggedIn = await client.get(contracts.loggedIn.path);
    expect(loggedIn.headers['content-type']).toMatch(/^application\/json/);
    expect(loggedIn.json()).toBe(true);
  });

  it('answers an unknown /api path with a JSON 404 in the visitor\'s language, also where a path would otherwise be an id', async () => {
    const visitor = freshClient(app);
    const customer = await loginAs(app, 'klant@demo.kavel.nl');
    const english = async (url: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE' = 'GET') =>
      app.inject({ method, url, headers: { accept: 'text/html,application/json', cookie: 'kavel_lang=en' } });
    for (const client of [visitor, customer]) {
      for (const response of [
        await client.get('/api/bestellen/gegevens-onbekend'),
        await client.put('/api/account/whois/standaard', {}),
        await client.get('/api/bestellen/0x2/betalingsstatus'),
        await client.get('/api/bestaat-niet'),
        await client.post('/api/bestelprocedure/bestaatNiet', {}),
      ]) {
        expect(response.statusCode, response.body).toBe(404);
        expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(ZApiError.parse(response.json()).message).toBe('Niet gevonden.');
      }
      // A path the router has with other methods: 405 with the methods it has, in the same shape.
      const other = await client.delete('/api/account/whois/standard');
      expect(other.statusCode, other.body).toBe(405);
      expect(other.headers.allow).toBe('GET, HEAD, PUT');
      expect(ZApiError.parse(other.json()).message).toMatch(/methode/);
    }
    // Even a browser asking for HTML gets JSON under /api.
    const answer = await english('/api/bestaat-niet');
    expect(answer.statusCode).toBe(404);
    expect(ZApiError.parse(answer.json()).message).not.toBe('Niet gevonden.');
  });

  it("sends a browser that opens a page that does not exist to the shop's own 404 page, never raw JSON", async () => {
    const headers = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    for (const url of ['/bestaat-niet', '/account/bestaat-niet?x=1', '/bestelprocedure/extra/diep']) {
      const response = await app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location).toBe(NOT_FOUND_PAGE);
    }
    const page = await app.inject({ method: 'GET', url: NOT_FOUND_PAGE, headers });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="root"');
  });
});
