import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connect.ts';
import { createSimulatedCloudflare, simulatedNameservers } from './simulated-cloudflare.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: null });
});
afterAll(async () => {
  await database.close();
});

describe('simulated Cloudflare', () => {
  it('creates a pending zone with two Cloudflare name servers that turns active after the delay', async () => {
    let clock = new Date('2026-01-01T12:00:00Z');
    const port = createSimulatedCloudflare({ db: database.db, platform: randomUUID(), activationSeconds: 60, now: () => clock });
    const answer = await port.protect({ clientRef: 'order-1:a', domain: 'Bakker.nl', plan: 'pro' });
    expect(answer).toMatchObject({ ok: true, status: 'pending' });
    if (!answer.ok) return;
    expect(answer.zoneId).toMatch(/^[0-9a-f]{32}$/);
    expect(answer.nameservers).toEqual(simulatedNameservers('bakker.nl'));
    expect(answer.nameservers).toHaveLength(2);
    for (const nameserver of answer.nameservers) expect(nameserver).toMatch(/^[a-z]+\.ns\.cloudflare\.com$/);
    clock = new Date('2026-01-01T12:01:00Z');
    expect(await port.status(answer.zoneId)).toMatchObject({ ok: true, status: 'active' });
  });

  it('finds the zone by name on a repeat, in another instance too, and changes its plan', async () => {
    const platform = randomUUID();
    const first = createSimulatedCloudflare({ db: database.db, platform });
    const created = await first.protect({ clientRef: 'order-1:a', domain: 'herhaal.nl', plan: 'pro' });
    const second = createSimulatedCloudflare({ db: database.db, platform });
    expect(await second.protect({ clientRef: 'order-1:a', domain: 'herhaal.nl', plan: 'pro' })).toEqual(created);
    expect(await second.protect({ clientRef: 'order-2:a', domain: 'herhaal.nl', plan: 'business' })).toEqual(created);
    expect(await first.zones()).toMatchObject([{ name: 'herhaal.nl', plan: 'business' }]);
  });

  it('removes a zone; a removed zone is unknown', async () => {
    const port = createSimulatedCloudflare({ db: database.db, platform: randomUUID() });
    const created = await port.protect({ clientRef: 'order-1:a', domain: 'weg.nl', plan: 'pro' });
    if (!created.ok) throw new Error('not created');
    expect(await port.remove(created.zoneId)).toEqual({ ok: true });
    expect(await port.remove(created.zoneId)).toMatchObject({ ok: false, reason: 'unknown' });
    expect(await port.status(created.zoneId)).toMatchObject({ ok: false, reason: 'unknown' });
  });

  it('lets a test inject failures: a failure rate answers unreachable, the refused label refused', async () => {
    const failing = createSimulatedCloudflare({ db: database.db, platform: randomUUID(), failureRate: 1 });
    expect(await failing.protect({ clientRef: 'x', domain: 'a.nl', plan: 'pro' })).toEqual({ ok: false, reason: 'unreachable', detail: 'simulated failure' });
    const port = createSimulatedCloudflare({ db: database.db, platform: randomUUID() });
    expect(await port.protect({ clientRef: 'x', domain: 'geweigerd.nl', plan: 'pro' })).toMatchObject({ ok: false, reason: 'refused' });
    expect(await port.zones()).toEqual([]);
  });

  it('creates one zone when three processes protect the same name at once', async () => {
    const platform = randomUUID();
    const ports = [1, 2, 3].map(() => createSimulatedCloudflare({ db: database.db, platform }));
    const answers = await Promise.all(ports.map((port) => port.protect({ clientRef: 'order-1:a', domain: 'tegelijk.nl', plan: 'pro' })));
    expect(new Set(answers.map((answer) => answer.ok && answer.zoneId)).size).toBe(1);
    expect(await ports[0]!.zones()).toHaveLength(1);
  });
});
