import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiCloudflare } from './api-cloudflare.ts';

const TOKEN = 'test-token-123';
const ACCOUNT = 'acc0123456789abcdef0123456789abc';

interface StubZone {
  id: string;
  name: string;
  status: string;
  name_servers: string[];
  account: { id: string };
  plan: { id: string; legacy_id: string };
  subscription: string | null;
}

/** A local Cloudflare v4: envelope answers, Bearer token check, zones kept in memory. */
const zones = new Map<string, StubZone>();
const seen: string[] = [];
let server: Server;
let base: string;

const send = (response: ServerResponse, status: number, body: { success: boolean; result?: unknown; errors?: Array<{ code: number; message: string }> }) =>
  void response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ success: body.success, errors: body.errors ?? [], messages: [], result: body.result ?? null }));

async function bodyOf(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
}

async function handle(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const path = url.pathname.replace(/^\/client\/v4/, '');
  seen.push(`${request.method} ${path}`);
  if (request.headers.authorization !== `Bearer ${TOKEN}`) return send(response, 403, { success: false, errors: [{ code: 9109, message: 'Invalid access token' }] });
  const body = await bodyOf(request);
  if (request.method === 'GET' && path === '/zones') {
    const name = url.searchParams.get('name');
    if (name === 'stuk.nl') return send(response, 502, { success: false, errors: [{ code: 500, message: 'bad gateway' }] });
    if (name === 'traag.nl') return; // never answers
    return send(response, 200, { success: true, result: [...zones.values()].filter((zone) => zone.name === name && zone.account.id === url.searchParams.get('account.id')) });
  }
  if (request.method === 'POST' && path === '/zones') {
    const name = String(body.name);
    if (name.endsWith('.invalid')) return send(response, 400, { success: false, errors: [{ code: 1099, message: `${name} is not a registered domain` }] });
    if ([...zones.values()].some((zone) => zone.name === name)) return send(response, 400, { success: false, errors: [{ code: 1061, message: `${name} already exists` }] });
    if (body.type !== 'full' || (body.account as { id?: string } | undefined)?.id !== ACCOUNT) return send(response, 400, { success: false, errors: [{ code: 1000, message: 'bad zone request' }] });
    const zone: StubZone = { id: randomBytes(16).toString('hex'), name, status: 'pending', name_servers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'], account: { id: ACCOUNT }, plan: { id: '0feeeeeeeeeeeeeeeeeeeeeeeeeeeeee', legacy_id: 'free' }, subscription: null };
    zones.set(zone.id, zone);
    return send(response, 200, { success: true, result: zone });
  }
  const match = /^\/zones\/([0-9a-f]+)(\/subscription)?$/.exec(path);
  const zone = match ? zones.get(match[1]!) : undefined;
  if (!zone) return send(response, 404, { success: false, errors: [{ code: 1001, message: 'Invalid zone identifier' }] });
  if (match![2]) {
    const plan = (body.rate_plan as { id?: string } | undefined)?.id;
    if (plan !== 'pro' && plan !== 'business') return send(response, 400, { success: false, errors: [{ code: 1000, message: 'unknown rate plan' }] });
    if (request.method === 'PUT' && !zone.subscription) return send(response, 404, { success: false, errors: [{ code: 1207, message: 'No subscription' }] });
    if (request.method === 'POST' && zone.subscription) return send(response, 400, { success: false, errors: [{ code: 1208, message: 'Subscription exists' }] });
    zone.subscription = plan;
    zone.plan = { id: `${plan}-plan-id`, legacy_id: plan };
    return send(response, 200, { success: true, result: { rate_plan: { id: plan }, state: 'Paid' } });
  }
  if (request.method === 'GET') return send(response, 200, { success: true, result: zone });
  if (request.method === 'DELETE') {
    zones.delete(zone.id);
    return send(response, 200, { success: true, result: { id: zone.id } });
  }
  return send(response, 405, { success: false, errors: [{ code: 1000, message: 'method not allowed' }] });
}

beforeAll(async () => {
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
});

const port = (overrides: { apiToken?: string; timeoutMs?: number } = {}) => createApiCloudflare({ baseUrl: `${base}/`, apiToken: TOKEN, accountId: ACCOUNT, timeoutMs: 500, ...overrides });

describe('the Cloudflare API adapter against a local v4 stub', () => {
  it('creates the zone, sets its plan through the zone subscription, and answers its name servers', async () => {
    const answer = await port().protect({ clientRef: 'order-1:a', domain: 'Bakker.NL', plan: 'pro' });
    expect(answer).toMatchObject({ ok: true, status: 'pending', nameservers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'] });
    if (!answer.ok) return;
    expect(seen).toEqual(['GET /zones', 'POST /zones', `PUT /zones/${answer.zoneId}/subscription`, `POST /zones/${answer.zoneId}/subscription`]);
    expect(zones.get(answer.zoneId)).toMatchObject({ name: 'bakker.nl', subscription: 'pro' });
  });

  it('finds the zone on a repeat and creates nothing more; a new plan changes the subscription', async () => {
    const first = await port().protect({ clientRef: 'order-2:a', domain: 'herhaal.nl', plan: 'pro' });
    seen.length = 0;
    expect(await port().protect({ clientRef: 'order-2:a', domain: 'herhaal.nl', plan: 'pro' })).toEqual(first);
    expect(seen).toEqual(['GET /zones']);
    seen.length = 0;
    const upgraded = await port().protect({ clientRef: 'order-3:a', domain: 'herhaal.nl', plan: 'business' });
    expect(upgraded.ok && upgraded.zoneId).toBe(first.ok && first.zoneId);
    expect(seen).toEqual(['GET /zones', `PUT /zones/${first.ok ? first.zoneId : ''}/subscription`]);
    expect([...zones.values()].filter((zone) => zone.name === 'herhaal.nl')).toMatchObject([{ subscription: 'business' }]);
  });

  it('reads the status and removes the zone; a removed zone is unknown', async () => {
    const created = await port().protect({ clientRef: 'order-4:a', domain: 'weg.nl', plan: 'business' });
    if (!created.ok) throw new Error('not created');
    zones.get(created.zoneId)!.status = 'active';
    expect(await port().status(created.zoneId)).toEqual({ ok: true, zoneId: created.zoneId, nameservers: created.nameservers, status: 'active' });
    expect(await port().remove(created.zoneId)).toEqual({ ok: true });
    expect(zones.has(created.zoneId)).toBe(false);
    expect(await port().remove(created.zoneId)).toEqual({ ok: false, reason: 'unknown', detail: '1001: Invalid zone identifier' });
    expect(await port().status(created.zoneId)).toMatchObject({ ok: false, reason: 'unknown' });
  });

  it("answers a 4xx as refused with Cloudflare's message", async () => {
    expect(await port().protect({ clientRef: 'order-5:a', domain: 'niets.invalid', plan: 'pro' })).toEqual({ ok: false, reason: 'refused', detail: '1099: niets.invalid is not a registered domain' });
    expect(await port({ apiToken: 'wrong' }).protect({ clientRef: 'order-5:b', domain: 'ander.nl', plan: 'pro' })).toEqual({ ok: false, reason: 'refused', detail: '9109: Invalid access token' });
  });

  it('answers a 5xx, a closed port and no answer in time as unreachable', async () => {
    expect(await port().protect({ clientRef: 'order-6:a', domain: 'stuk.nl', plan: 'pro' })).toEqual({ ok: false, reason: 'unreachable', detail: 'HTTP 502' });
    const started = Date.now();
    expect(await port({ timeoutMs: 200 }).protect({ clientRef: 'order-6:b', domain: 'traag.nl', plan: 'pro' })).toEqual({ ok: false, reason: 'unreachable', detail: 'no answer in time' });
    expect(Date.now() - started).toBeLessThan(2000);
    const closed = createApiCloudflare({ baseUrl: 'http://127.0.0.1:1/client/v4', apiToken: TOKEN, accountId: ACCOUNT, timeoutMs: 500 });
    expect(await closed.status('abc')).toMatchObject({ ok: false, reason: 'unreachable' });
  });
});
