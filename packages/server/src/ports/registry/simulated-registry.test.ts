import { describe, it, expect } from 'vitest';
import { createSimulatedRegistry, simulatedLatencyMs } from './simulated-registry.ts';
import type { SimulatedRegistryOptions } from './simulated-registry.ts';
import type { RegistryAnswer, RegistrySettings } from './registry-port.ts';

const settings: RegistrySettings = {
  extension: 'nl',
  rdapBaseUrl: null,
  whoisServer: null,
  whoisFreePattern: null,
  whoisQuarantinePattern: null,
};

function registry(overrides: Partial<SimulatedRegistryOptions> = {}) {
  return createSimulatedRegistry({
    latencyMs: { min: 0, max: 0 },
    failureRate: 0,
    wellKnown: { taken: ['google', 'bol'], quarantine: ['opgeheven.nl'] },
    isRegisteredInShop: async () => false,
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
      isRegisteredInShop: async (domain) => {
        asked.push(domain);
        return domain === 'verkocht.nl';
      },
    });
    expect(await port.lookup('verkocht.nl', settings, never)).toEqual({ ok: true, status: 'taken' });
    expect(await port.lookup('nietverkocht.nl', settings, never)).toEqual({ ok: true, status: 'free' });
    expect(asked).toEqual(['verkocht.nl', 'nietverkocht.nl']);
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
    const port = registry({ isRegisteredInShop: () => new Promise<boolean>(() => undefined) });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    expect(await port.lookup('mijnbakkerij.nl', settings, controller.signal)).toEqual({ ok: false, reason: 'timeout' });
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
