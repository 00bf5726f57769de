import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connect.ts';
import { createSimulatedVps } from './simulated-vps.ts';
import type { VpsRequest } from './vps-port.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: null });
});
afterAll(async () => {
  await database.close();
});

const request = (clientRef: string, hostname = 'vps1.klant.nl'): VpsRequest => ({
  clientRef,
  hostname,
  packageCode: 'VPS_M',
  spec: { vCpu: 2, memoryGb: 4, diskGb: 40 },
  customerRef: 'customer-1',
});

describe('simulated VPS platform', () => {
  it('creates a provisioning server with a documentation-range IPv4 that runs after the delay', async () => {
    let clock = new Date('2026-01-01T12:00:00Z');
    const port = createSimulatedVps({ db: database.db, platform: randomUUID(), bootSeconds: 30, now: () => clock });
    const answer = await port.createVps(request('order-1:a'));
    expect(answer).toMatchObject({ ok: true, status: 'provisioning', ipv4: '203.0.113.10' });
    if (!answer.ok) return;
    clock = new Date('2026-01-01T12:00:30Z');
    expect(await port.status(answer.providerRef)).toEqual({ ...answer, status: 'running' });
    expect(await port.createVps(request('order-2:a', 'vps2.klant.nl'))).toMatchObject({ ok: true, ipv4: '203.0.113.11' });
  });

  it('answers a repeat with the first server, also from another instance', async () => {
    const platform = randomUUID();
    const first = await createSimulatedVps({ db: database.db, platform }).createVps(request('order-1:a'));
    const second = createSimulatedVps({ db: database.db, platform });
    expect(await second.createVps(request('order-1:a'))).toEqual(first);
    expect(await second.servers()).toHaveLength(1);
  });

  it('deletes a server and frees its address; a deleted server is unknown', async () => {
    const port = createSimulatedVps({ db: database.db, platform: randomUUID(), bootSeconds: 0 });
    const created = await port.createVps(request('order-1:a'));
    if (!created.ok) throw new Error('not created');
    expect(created.status).toBe('running');
    expect(await port.deleteVps(created.providerRef)).toEqual({ ok: true });
    expect(await port.deleteVps(created.providerRef)).toMatchObject({ ok: false, reason: 'unknown' });
    expect(await port.status(created.providerRef)).toMatchObject({ ok: false, reason: 'unknown' });
    expect(await port.createVps(request('order-2:a'))).toMatchObject({ ok: true, ipv4: created.ipv4 });
  });

  it('lets a test inject failures: a failure rate answers unreachable, the refused label refused', async () => {
    const failing = createSimulatedVps({ db: database.db, platform: randomUUID(), failureRate: 1 });
    expect(await failing.createVps(request('x'))).toEqual({ ok: false, reason: 'unreachable', detail: 'simulated failure' });
    const port = createSimulatedVps({ db: database.db, platform: randomUUID() });
    expect(await port.createVps(request('x', 'geweigerd.klant.nl'))).toMatchObject({ ok: false, reason: 'refused' });
    expect(await port.servers()).toEqual([]);
  });

  it('creates one server, with distinct addresses for distinct requests, when processes race', async () => {
    const platform = randomUUID();
    const ports = [1, 2, 3].map(() => createSimulatedVps({ db: database.db, platform }));
    const same = await Promise.all(ports.map((port) => port.createVps(request('order-1:a'))));
    expect(new Set(same.map((answer) => answer.ok && answer.providerRef)).size).toBe(1);
    const distinct = await Promise.all(ports.map((port, index) => port.createVps(request(`order-2:${index}`, `vps${index}.klant.nl`))));
    expect(new Set(distinct.map((answer) => answer.ok && answer.ipv4)).size).toBe(3);
    expect(await ports[0]!.servers()).toHaveLength(4);
  });
});
