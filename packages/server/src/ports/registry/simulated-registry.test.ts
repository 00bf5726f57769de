import { getEventListeners } from 'node:events';
import { describe, it, expect } from 'vitest';
import { createSimulatedRegistry, simulatedCurrentExpiry, simulatedLatencyMs } from './simulated-registry.ts';
import type { SimulatedRegistryOptions } from './simulated-registry.ts';
import type { RegistryAnswer, RegistrySettings } from './registry-port.ts';
import { registrationRequest } from '../../../test/support/registrations.ts';

const settings: RegistrySettings = {
  extension: 'nl',
  rdapBaseUrl: null,
  whoisServer: null,
  whoisFreePattern: null,
  whoisQuarantinePattern: null,
};

/** The registry's clock in these tests. */
const AT = new Date('2026-03-01T10:00:00.000Z');
const IN_A_YEAR = new Date('2027-03-01T10:00:00.000Z');

function registry(overrides: Partial<SimulatedRegistryOptions> = {}) {
  return createSimulatedRegistry({
    latencyMs: { min: 0, max: 0 },
    failureRate: 0,
    wellKnown: { taken: ['google', 'bol'], quarantine: ['opgeheven.nl'] },
    registeredInShop: async () => new Set(),
    now: () => AT,
    ...overrides,
  });
}

const never = new AbortController().signal;

describe('simulated registry: outcomes', () => {
  it('is named simulated', () => {
    expect(registry().name).toBe('simulated');
  });

  it('answers taken for a well-known label under any extension', async () => {
    const port = registry();
    expect(await port.lookup('google.nl', settings, never)).toEqual({ ok: true, status: 'taken' });
    expect(await port.lookup('google.com', settings, never)).toEqual({ ok: true, status: 'taken' });
    expect(await port.lookup('Bol.Be', settings, never)).toEqual({ ok: true, status: 'taken' });
  });

  it('matches the label before the first dot only', async () => {
    const port = registry();
    expect(await port.lookup('mijn.google.nl', settings, never)).toEqual({ ok: true, status: 'free' });
    expect(await port.lookup('googlex.nl', settings, never)).toEqual({ ok: true, status: 'free' });
  });

  it('answers quarantine for a well-known full domain only', async () => {
    const port = registry();
    expect(await port.lookup('opgeheven.nl', settings, never)).toEqual({ ok: true, status: 'quarantine' });
    expect(await port.lookup('opgeheven.be', settings, never)).toEqual({ ok: true, status: 'free' });
  });

  it('answers free otherwise', async () => {
    expect(await registry().lookup('mijnbakkerij.nl', settings, never)).toEqual({ ok: true, status: 'free' });
  });

  it('asks the shop whether it sold the domain', async () => {
    const asked: string[] = [];
    const port = registry({
      registeredInShop: async (names) => {
        asked.push(...names);
        return new Set(names.filter((name) => name === 'verkocht.nl'));
      },
    });
    expect(await port.lookup('verkocht.nl', settings, never)).toEqual({ ok: true, status: 'taken' });
    expect(await port.lookup('nietverkocht.nl', settings, never)).toEqual({ ok: true, status: 'free' });
    expect(asked).toEqual(['verkocht.nl', 'nietverkocht.nl']);
  });

  it('asks the shop once for the lookups that start in the same moment', async () => {
    const questions: string[][] = [];
    const port = registry({
      registeredInShop: async (names) => {
        questions.push([...names]);
        return new Set(names.filter((name) => name === 'verkocht.nl'));
      },
    });
    const answers = await Promise.all(['verkocht.nl', 'vrij.nl', 'ook-vrij.com'].map((domain) => port.lookup(domain, settings, never)));
    expect(answers).toEqual([
      { ok: true, status: 'taken' },
      { ok: true, status: 'free' },
      { ok: true, status: 'free' },
    ]);
    expect(questions).toEqual([['verkocht.nl', 'vrij.nl', 'ook-vrij.com']]);
  });

  it('with a latency, asks once for the lookups that start until the first needs the answer, and answers each after its own latency', async () => {
    const questions: Array<{ names: string[]; at: number }> = [];
    const started = performance.now();
    const port = registry({
      latencyMs: { min: 60, max: 60 },
      registeredInShop: async (names) => {
        questions.push({ names: [...names], at: performance.now() - started });
        return new Set(names.filter((name) => name === 'verkocht.nl' || name === 'later-verkocht.nl'));
      },
    });
    const first = port.lookup('verkocht.nl', settings, never);
    // A second search 20 ms later, in another turn of the event loop: before the first needs the answer.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = port.lookup('vrij.nl', settings, never);
    const answers = await Promise.all([first, second]);
    expect(answers).toEqual([
      { ok: true, status: 'taken' },
      { ok: true, status: 'free' },
    ]);
    expect(questions.map((question) => question.names)).toEqual([['verkocht.nl', 'vrij.nl']]);
    // Asked when the first lookup's latency was over, not while the searches came in.
    expect(questions[0]!.at).toBeGreaterThanOrEqual(59);
    expect(performance.now() - started).toBeGreaterThanOrEqual(79);
    // A lookup that starts after the question went out is in the next one.
    expect(await port.lookup('later-verkocht.nl', settings, never)).toEqual({ ok: true, status: 'taken' });
    expect(questions.map((question) => question.names)).toEqual([['verkocht.nl', 'vrij.nl'], ['later-verkocht.nl']]);
  });

  it('does not ask the shop for lookups that were stopped before their answer was due', async () => {
    const questions: string[][] = [];
    const port = registry({
      latencyMs: { min: 50, max: 50 },
      registeredInShop: async (names) => {
        questions.push([...names]);
        return new Set<string>();
      },
    });
    const deadline = new AbortController();
    const lookup = port.lookup('weggegaan.nl', settings, deadline.signal);
    deadline.abort();
    expect(await lookup).toEqual({ ok: false, reason: 'timeout' });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(questions).toEqual([]);
  });

  it('rejects nonsensical options', () => {
    expect(() => registry({ latencyMs: { min: 50, max: 10 } })).toThrow(RangeError);
    expect(() => registry({ failureRate: 1.5 })).toThrow(RangeError);
  });
});

describe('simulated registry: latency', () => {
  it('is stable per domain and within bounds', () => {
    const domains = ['mijnbakkerij.nl', 'mijnbakkerij.be', 'mijnbakkerij.com', 'kavel.nl', 'a.nl', 'xn--bcker-gra.de'];
    for (const domain of domains) {
      const latency = simulatedLatencyMs(domain, 100, 400);
      expect(latency).toBeGreaterThanOrEqual(100);
      expect(latency).toBeLessThanOrEqual(400);
      expect(Number.isInteger(latency)).toBe(true);
      expect(simulatedLatencyMs(domain, 100, 400)).toBe(latency);
    }
    expect(simulatedLatencyMs('kavel.nl', 30, 30)).toBe(30);
  });

  it('spreads extensions of one name over the range', () => {
    const extensions = ['nl', 'be', 'com', 'net', 'org', 'eu', 'de', 'frl', 'amsterdam', 'shop'];
    const latencies = new Set(extensions.map((extension) => simulatedLatencyMs(`mijnbakkerij.${extension}`, 0, 1000)));
    expect(latencies.size).toBeGreaterThanOrEqual(8);
  });

  it('waits for the latency before answering', async () => {
    const port = registry({ latencyMs: { min: 30, max: 30 } });
    const started = performance.now();
    expect(await port.lookup('mijnbakkerij.nl', settings, never)).toEqual({ ok: true, status: 'free' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('keeps one timer for the lookups due at the same moment, and answers each after its latency', async () => {
    const port = registry({ latencyMs: { min: 150, max: 150 } });
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const before = timers();
    const started = performance.now();
    const lookups = Array.from({ length: 40 }, (_, i) => port.lookup(`tegelijk${i}.nl`, settings, never));
    // Started within the same millisecond, or across the next.
    expect(timers() - before).toBeLessThanOrEqual(2);
    expect(await Promise.all(lookups)).toEqual(Array.from({ length: 40 }, () => ({ ok: true, status: 'free' })));
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    expect(timers()).toBeLessThanOrEqual(before);
  });

  it('answers timeout as soon as the signal aborts', async () => {
    const port = registry({ latencyMs: { min: 2000, max: 2000 } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const started = performance.now();
    const answer = await port.lookup('mijnbakkerij.nl', settings, controller.signal);
    expect(answer).toEqual({ ok: false, reason: 'timeout' });
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('answers timeout at once for an already aborted signal', async () => {
    const port = registry({ latencyMs: { min: 2000, max: 2000 } });
    const started = performance.now();
    expect(await port.lookup('google.nl', settings, AbortSignal.abort())).toEqual({ ok: false, reason: 'timeout' });
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('answers timeout when the shop check outlives the signal', async () => {
    const port = registry({ registeredInShop: () => new Promise<ReadonlySet<string>>(() => undefined) });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    expect(await port.lookup('mijnbakkerij.nl', settings, controller.signal)).toEqual({ ok: false, reason: 'timeout' });
  });

  it('listens once on a signal forty lookups share, answers them all when it aborts, and lets go of it when they answer', async () => {
    const slow = registry({ latencyMs: { min: 2000, max: 2000 } });
    const deadline = new AbortController();
    const lookups = Array.from({ length: 40 }, (_, i) => slow.lookup(`gedeeld${i}.nl`, settings, deadline.signal));
    expect(getEventListeners(deadline.signal, 'abort')).toHaveLength(1);
    deadline.abort();
    expect(await Promise.all(lookups)).toEqual(Array.from({ length: 40 }, () => ({ ok: false, reason: 'timeout' })));

    // Answered lookups leave nothing to call: a later abort of their signal changes nothing.
    const quick = registry({ latencyMs: { min: 1, max: 1 } });
    const search = new AbortController();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => quick.lookup(`vrij${i}.nl`, settings, search.signal)));
    expect(answers).toEqual(Array.from({ length: 40 }, () => ({ ok: true, status: 'free' })));
    expect(getEventListeners(search.signal, 'abort')).toHaveLength(1);
    search.abort();
  });
});

describe('simulated registry: failures', () => {
  const domains = Array.from({ length: 40 }, (_, i) => `naam${i}.nl`);

  async function run(options: Partial<SimulatedRegistryOptions>): Promise<RegistryAnswer[]> {
    const port = registry(options);
    const answers: RegistryAnswer[] = [];
    for (const domain of domains) answers.push(await port.lookup(domain, settings, never));
    return answers;
  }

  it('never fails with failureRate 0', async () => {
    const answers = await run({ failureRate: 0 });
    expect(answers.every((answer) => answer.ok && answer.status === 'free')).toBe(true);
  });

  it('always fails with failureRate 1', async () => {
    const answers = await run({ failureRate: 1 });
    for (const answer of answers) expect(answer).toEqual({ ok: false, reason: 'unreachable', detail: 'simulated failure' });
  });

  it('fails the same lookups for the same seed', async () => {
    const pattern = (answers: RegistryAnswer[]): string => answers.map((answer) => (answer.ok ? '.' : 'x')).join('');
    const first = pattern(await run({ failureRate: 0.5, seed: 42 }));
    const second = pattern(await run({ failureRate: 0.5, seed: 42 }));
    const other = pattern(await run({ failureRate: 0.5, seed: 7 }));
    expect(second).toBe(first);
    expect(first).toContain('x');
    expect(first).toContain('.');
    expect(other).not.toBe(first);
  });

  it('uses seed 1 when none is given', async () => {
    const pattern = (answers: RegistryAnswer[]): string => answers.map((answer) => (answer.ok ? '.' : 'x')).join('');
    expect(pattern(await run({ failureRate: 0.3 }))).toBe(pattern(await run({ failureRate: 0.3, seed: 1 })));
  });
});

describe('simulated registry: registering', () => {
  const registration = registrationRequest;
  const transfer = (domain: string, clientRef: string, transferCode: string | null) => registration(domain, clientRef, { kind: 'transfer', transferCode });

  it('registers a free name, which every lookup answers as taken from then on', async () => {
    const port = registry();
    expect(await port.register(registration('mijnbakkerij.nl', 'order-1:a'))).toEqual({ ok: true, state: 'registered', expiresAt: IN_A_YEAR });
    expect(await port.register(registration('vijf-jaar.nl', 'order-1:b', { years: 5 }))).toEqual({ ok: true, state: 'registered', expiresAt: new Date('2031-03-01T10:00:00.000Z') });
    expect(await port.lookup('mijnbakkerij.nl', settings, never)).toEqual({ ok: true, status: 'taken' });
    expect(await port.lookup('MijnBakkerij.nl', settings, never)).toEqual({ ok: true, status: 'taken' });
    expect(await port.lookup('mijnbakkerij.be', settings, never)).toEqual({ ok: true, status: 'free' });
  });

  it('answers a repeated request with its first answer, and another request for the name with taken', async () => {
    const port = registry();
    const first = await port.register(registration('bakkerij.nl', 'order-1:a'));
    expect(await port.register(registration('bakkerij.nl', 'order-1:a'))).toEqual(first);
    expect(await port.register(registration('bakkerij.nl', 'order-2:b'))).toMatchObject({ ok: false, reason: 'taken' });
  });

  it('answers two concurrent requests with the same reference alike, and registers once', async () => {
    const port = registry({ latencyMs: { min: 5, max: 5 } });
    const answers = await Promise.all([port.register(registration('tegelijk.nl', 'order-1:a')), port.register(registration('tegelijk.nl', 'order-1:a'))]);
    expect(answers).toEqual([
      { ok: true, state: 'registered', expiresAt: IN_A_YEAR },
      { ok: true, state: 'registered', expiresAt: IN_A_YEAR },
    ]);
  });

  it('refuses a name that is well known, in quarantine, or sold by the shop', async () => {
    const port = registry({ registeredInShop: async (names) => new Set(names.filter((name) => name === 'verkocht.nl')) });
    for (const domain of ['google.nl', 'opgeheven.nl', 'verkocht.nl']) {
      expect(await port.register(registration(domain, `ref-${domain}`)), domain).toMatchObject({ ok: false, reason: 'taken' });
    }
  });

  it("accepts a transfer of a registered name with a code, which stays pending for the losing side's 5 days, then completes with a year added", async () => {
    let now = AT;
    const port = registry({ now: () => now });
    const fiveDaysLater = new Date('2026-03-06T10:00:00.000Z');
    expect(await port.register(transfer('google.nl', 'order-3:a', 'Xk9#-code'))).toEqual({ ok: true, state: 'transfer_pending', completesAt: fiveDaysLater });
    expect(await port.lookup('google.nl', settings, never)).toEqual({ ok: true, status: 'taken' });
    now = new Date(fiveDaysLater.getTime() - 1000);
    expect(await port.transferStatus({ clientRef: 'order-3:a', domain: 'google.nl' })).toEqual({ ok: true, state: 'pending', completesAt: fiveDaysLater });
    now = fiveDaysLater;
    const completed = await port.transferStatus({ clientRef: 'order-3:a', domain: 'google.nl' });
    const current = simulatedCurrentExpiry('google.nl', fiveDaysLater);
    expect(completed).toEqual({ ok: true, state: 'completed', expiresAt: new Date(Date.UTC(current.getUTCFullYear() + 1, current.getUTCMonth(), current.getUTCDate(), 12)) });
    expect(current.getTime()).toBeGreaterThan(fiveDaysLater.getTime());
    expect(current.getTime() - fiveDaysLater.getTime()).toBeLessThanOrEqual(366 * 86_400_000);
    expect(await port.transferStatus({ clientRef: 'order-unknown:a', domain: 'google.nl' })).toMatchObject({ ok: false, reason: 'unknown' });
  });

  it('completes transfers after the configured period', async () => {
    let now = AT;
    const port = registry({ now: () => now, transferSeconds: 60 });
    expect(await port.register(transfer('bol.com', 'order-12:a', 'code'))).toMatchObject({ state: 'transfer_pending', completesAt: new Date(AT.getTime() + 60_000) });
    now = new Date(AT.getTime() + 60_000);
    expect(await port.transferStatus({ clientRef: 'order-12:a', domain: 'bol.com' })).toMatchObject({ ok: true, state: 'completed' });
  });

  it('refuses a transfer of a name it holds already, a free name, no code or a refused code', async () => {
    const port = registry();
    expect(await port.register(transfer('google.nl', 'order-3:a', 'Xk9#-code'))).toMatchObject({ ok: true, state: 'transfer_pending' });
    expect(await port.register(transfer('google.nl', 'order-4:a', 'Xk9#-code'))).toMatchObject({ ok: false, reason: 'taken' });
    expect(await port.register(transfer('vrij.nl', 'order-5:a', 'Xk9#-code'))).toMatchObject({ ok: false, reason: 'invalid-transfer-code' });
    expect(await port.register(transfer('bol.nl', 'order-6:a', null))).toMatchObject({ ok: false, reason: 'invalid-transfer-code' });
    expect(await port.register(transfer('bol.com', 'order-7:a', 'dit-is-ongeldig'))).toMatchObject({ ok: false, reason: 'invalid-transfer-code' });
  });

  it('releases a registration: the name is free again and the same request registers it anew', async () => {
    const port = registry();
    await port.register(registration('terug.nl', 'order-8:a'));
    expect(await port.release('terug.nl', 'order-8:a')).toEqual({ ok: true });
    expect(await port.lookup('terug.nl', settings, never)).toEqual({ ok: true, status: 'free' });
    expect(await port.release('terug.nl', 'order-8:a')).toEqual({ ok: true });
    expect(await port.register(registration('terug.nl', 'order-8:a'))).toMatchObject({ ok: true });
    expect(await port.lookup('terug.nl', settings, never)).toEqual({ ok: true, status: 'taken' });
  });

  it('does not release a name another request registered', async () => {
    const port = registry();
    await port.register(registration('van-een-ander.nl', 'order-9:a'));
    expect(await port.release('van-een-ander.nl', 'order-10:a')).toMatchObject({ ok: false, reason: 'unsupported' });
    expect(await port.lookup('van-een-ander.nl', settings, never)).toEqual({ ok: true, status: 'taken' });
  });

  it('answers timeout for an aborted signal, registers nothing, and does not remember the answer', async () => {
    const port = registry();
    expect(await port.register(registration('te-laat.nl', 'order-11:a'), AbortSignal.abort())).toEqual({ ok: false, reason: 'timeout' });
    expect(await port.lookup('te-laat.nl', settings, never)).toEqual({ ok: true, status: 'free' });
    expect(await port.register(registration('te-laat.nl', 'order-11:a'))).toMatchObject({ ok: true });
  });
});
