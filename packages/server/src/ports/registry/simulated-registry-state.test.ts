import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connect.ts';
import { databaseKinds } from '../../../test/support/test-database.ts';
import { registrationRequest, testRegistrant } from '../../../test/support/registrations.ts';
import { createDatabaseRegistryState } from './simulated-registry-state.ts';
import { createSimulatedRegistry } from './simulated-registry.ts';

const DAY_MS = 86_400_000;
let clock = new Date('2026-11-27T12:00:00Z');

/** One process's adapter on the shared registry `name`: another process, or the same after a restart. */
const adapterOn = (database: DatabaseHandle) => (name: string, transferSeconds = 5 * 86_400) =>
  createSimulatedRegistry({
    latencyMs: { min: 0, max: 0 },
    failureRate: 0,
    wellKnown: { taken: ['google'], quarantine: [] },
    registeredInShop: async () => new Set(),
    now: () => clock,
    transferSeconds,
    state: createDatabaseRegistryState(database.db, name),
  });

const registrant = testRegistrant;
const request = registrationRequest;

describe.each(databaseKinds)('simulated registry: one registry for every process, on $name', (kind) => {
  let database: DatabaseHandle;
  let adapter: ReturnType<typeof adapterOn>;
  beforeAll(async () => {
    database = await kind.open();
    adapter = adapterOn(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('completes a transfer accepted before a restart when the new process asks', async () => {
    const registry = randomUUID();
    clock = new Date('2026-11-27T12:00:00Z');
    const accepted = await adapter(registry).register(request('google.nl', 'order-1:a', { kind: 'transfer', transferCode: 'Xk9#-verhuis' }));
    expect(accepted).toEqual({ ok: true, state: 'transfer_pending', completesAt: new Date(clock.getTime() + 5 * DAY_MS) });

    const restarted = adapter(registry);
    expect(await restarted.transferStatus({ clientRef: 'order-1:a', domain: 'google.nl' })).toEqual({ ok: true, state: 'pending', completesAt: new Date(clock.getTime() + 5 * DAY_MS) });
    clock = new Date(clock.getTime() + 5 * DAY_MS + 60_000);
    expect(await restarted.transferStatus({ clientRef: 'order-1:a', domain: 'google.nl' })).toMatchObject({ ok: true, state: 'completed' });
    // The name is with us now: a second transfer of it is refused, and a repeat of the first answers as before.
    expect(await restarted.register(request('google.nl', 'order-2:a', { kind: 'transfer', transferCode: 'Xk9#-verhuis' }))).toMatchObject({ ok: false, reason: 'taken' });
    expect(await restarted.register(request('google.nl', 'order-1:a', { kind: 'transfer', transferCode: 'Xk9#-verhuis' }))).toEqual(accepted);
  });

  it('registers a name once when two processes register it at once, and tells each the same for a repeat', async () => {
    const registry = randomUUID();
    const [first, second] = [adapter(registry), adapter(registry)];
    const answers = await Promise.all([first.register(request('tegelijk.nl', 'order-1:a')), second.register(request('tegelijk.nl', 'order-2:a'))]);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.ok)).toEqual([{ ok: false, reason: 'taken', detail: 'tegelijk.nl is not free' }]);
    // A repeat of each request, by the other process, answers what that request got.
    expect(await second.register(request('tegelijk.nl', 'order-1:a'))).toEqual(answers[0]);
    expect(await first.register(request('tegelijk.nl', 'order-2:a'))).toEqual(answers[1]);
  });

  it('lets only the request that registered a name release it, from any process', async () => {
    const registry = randomUUID();
    const [first, second] = [adapter(registry), adapter(registry)];
    expect(await first.register(request('terug.nl', 'order-1:a'))).toMatchObject({ ok: true, state: 'registered' });
    expect(await second.release('terug.nl', 'order-9:a')).toMatchObject({ ok: false, reason: 'unsupported' });
    expect(await second.release('terug.nl', 'order-1:a')).toEqual({ ok: true });
    expect(await first.register(request('terug.nl', 'order-3:a'))).toMatchObject({ ok: true, state: 'registered' });
  });

  it('keeps delegations and holders where every process sees them', async () => {
    const registry = randomUUID();
    const [first, second] = [adapter(registry), adapter(registry)];
    await first.register(request('gedeeld.nl', 'order-1:a'));
    expect(await second.setNameservers('gedeeld.nl', ['ns1.kavel.nl', 'ns2.kavel.nl'])).toEqual({ ok: true });
    expect(await second.updateHolder('gedeeld.nl', { ...registrant, email: 'nieuw@example.nl' })).toEqual({ ok: true });
    expect(await first.nameserversOf('gedeeld.nl')).toEqual(['ns1.kavel.nl', 'ns2.kavel.nl']);
    expect(await first.holderOf('gedeeld.nl')).toMatchObject({ email: 'nieuw@example.nl' });
    // A name nobody registered has no holder to change.
    expect(await second.updateHolder('nooit-geregistreerd.nl', registrant)).toMatchObject({ ok: false, reason: 'unknown-domain' });
  });
});
