import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { loadConfig } from '../src/config.ts';
import { buildTestApp, databaseKinds } from './support/index.ts';

// Which address a request counts for does not touch the database: the embedded one is enough.
const kind = databaseKinds[0]!;
const LIMIT = 100;

describe('the client address behind TRUST_PROXY', () => {
  let database: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    await database?.close();
  });

  const shopTrusting = async (trustProxy: string) => {
    database = await kind.open();
    app = await buildTestApp(database, { config: { trustProxy: loadConfig({ TRUST_PROXY: trustProxy }).trustProxy, rateLimitPerMinute: LIMIT } });
    return app;
  };
  /** What is left of the request rate of the address a request counts for. */
  const remainingAfter = async (shop: FastifyInstance, from: string, forwardedFor?: string) => {
    const answer = await shop.inject({ method: 'GET', url: '/robots.txt', remoteAddress: from, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
    expect(answer.statusCode).toBe(200);
    return Number(answer.headers['x-ratelimit-remaining']);
  };

  it('with a list, believes X-Forwarded-For only from those proxies: a client reaching the server directly cannot choose its address', async () => {
    const shop = await shopTrusting('10.0.0.0/8, 192.0.2.10');
    // Through the proxies: each visitor counts for itself.
    expect(await remainingAfter(shop, '10.1.2.3', '203.0.113.7')).toBe(LIMIT - 1);
    expect(await remainingAfter(shop, '192.0.2.10', '203.0.113.7')).toBe(LIMIT - 2);
    expect(await remainingAfter(shop, '10.1.2.3', '203.0.113.8')).toBe(LIMIT - 1);
    // Directly, with a forged header: it counts for the address it came from, whatever it claims.
    expect(await remainingAfter(shop, '198.51.100.5', '203.0.113.9')).toBe(LIMIT - 1);
    expect(await remainingAfter(shop, '198.51.100.5', '203.0.113.10')).toBe(LIMIT - 2);
    expect(await remainingAfter(shop, '198.51.100.5')).toBe(LIMIT - 3);
  });

  it('with a number, believes that many hops from whoever sends them', async () => {
    const shop = await shopTrusting('1');
    expect(await remainingAfter(shop, '198.51.100.5', '203.0.113.9')).toBe(LIMIT - 1);
    expect(await remainingAfter(shop, '198.51.100.5', '203.0.113.10')).toBe(LIMIT - 1);
    // One hop: the address the proxy saw, not what the client wrote before it.
    expect(await remainingAfter(shop, '198.51.100.6', '203.0.113.66, 203.0.113.9')).toBe(LIMIT - 2);
  });

  it('with 0, the default, believes no forwarded header', async () => {
    const shop = await shopTrusting('0');
    expect(await remainingAfter(shop, '10.1.2.3', '203.0.113.7')).toBe(LIMIT - 1);
    expect(await remainingAfter(shop, '10.1.2.3', '203.0.113.8')).toBe(LIMIT - 2);
  });
});

describe('TRUST_PROXY', () => {
  it('reads a number of proxies, or a list of addresses, subnets and named ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,2001:db8::/32,192.0.2.10' }).trustProxy).toEqual(['loopback', '10.0.0.0/8', '2001:db8::/32', '192.0.2.10']);
  });

  it('refuses what is neither, naming the entry', () => {
    expect(() => loadConfig({ TRUST_PROXY: '11' })).toThrow(/TRUST_PROXY.*at most 10 proxies/s);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/"10\.0\.0\.0\/33" is not an address/);
    expect(() => loadConfig({ TRUST_PROXY: 'loopback,proxy.example' })).toThrow(/"proxy\.example" is not an address/);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});
