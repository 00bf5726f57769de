import { solveChallenge } from 'altcha-lib';
import { get, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { createAltchaCaptcha, createMemorySpentTokenStore } from '../src/ports/captcha/index.ts';
import { ensureDemoAccounts } from '../src/features/accounts/demo-accounts.ts';
import wellKnown from '../src/features/catalogue/data/well-known-names.json' with { type: 'json' };
import extensionCatalogue from '../src/features/catalogue/data/extensions.json' with { type: 'json' };
import { batchedOwnershipCheck, shopDomainsAmong } from '../src/features/domains/domain-service.ts';
import { lookupOnlyRegistrar } from '../src/ports/registry/lookup-only-registrar.ts';
import type { RegistryAnswer, RegistryPort } from '../src/ports/registry/registry-port.ts';
import { createSimulatedRegistry, simulatedLatencyMs } from '../src/ports/registry/simulated-registry.ts';
import { buildTestApp, databaseKinds, listenLocally, queryCounter, readEventStream, servicesOf } from './support/index.ts';

/** A registry double for the port (the external party): fixed latency per extension, some fail. */
function scriptedRegistry(latency: Record<string, number>, failing: Set<string>): RegistryPort & { calls: string[] } {
  const calls: string[] = [];
  return {
    ...lookupOnlyRegistrar,
    name: 'scripted',
    calls,
    lookup(domain, settings, signal) {
      calls.push(domain);
      return new Promise<RegistryAnswer>((resolve) => {
        const timer = setTimeout(() => {
          if (failing.has(settings.extension)) resolve({ ok: false, reason: 'unreachable' });
          else resolve({ ok: true, status: domain.startsWith('google.') ? 'taken' : 'free' });
        }, latency[settings.extension] ?? 10);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve({ ok: false, reason: 'timeout' });
        });
      });
    },
  };
}

const query = (domain: string, extensions: string[], extra = '') =>
  `/api/check-domain-extensions?domain=${encodeURIComponent(domain)}&${extensions.map((e) => `extensions[]=${e}`).join('&')}${extra}`;

describe.each(databaseKinds)('availability stream on $name', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let base: string;
  const registry = scriptedRegistry({ nl: 300, com: 50, eu: 150, be: 120, de: 500 }, new Set(['be']));
  const captcha = createAltchaCaptcha({ hmacKey: 'stream-test', maxNumber: 2000, store: createMemorySpentTokenStore() });

  beforeAll(async () => {
    database = await kind.open();
    app = await buildTestApp(database, {
      registry,
      captcha,
      config: { availability: { cacheSeconds: 60, freeSearches: 5, windowSeconds: 600 }, registry: { timeoutMs: 400 } },
    });
    base = await listenLocally(app);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('streams each result as it is known, in order of latency, and ends after the last', async () => {
    const result = await readEventStream(base + query('mijnbakkerij', ['nl', 'com', 'eu', 'be', 'de']), { headers: { 'x-forwarded-for': '10.0.0.1' } });
    expect(result.status).toBe(200);
    expect(result.contentType).toMatch(/^text\/event-stream/);
    expect(result.events.map((e) => e.event)).toEqual(Array(5).fill('domainAvailability'));
    // com 50 ms, be fails at 120 ms, eu 150 ms, nl 300 ms, de passes the 400 ms timeout.
    expect(result.events.map((e) => e.data)).toEqual([
      { domain: 'mijnbakkerij.com', status: 'free' },
      { domain: 'mijnbakkerij.be', status: 'error' },
      { domain: 'mijnbakkerij.eu', status: 'free' },
      { domain: 'mijnbakkerij.nl', status: 'free' },
      { domain: 'mijnbakkerij.de', status: 'error' },
    ]);
    // Looked up in parallel: the first answer (50 ms) comes well before the .nl one (300 ms).
    expect(result.events[3]!.at - result.events[0]!.at).toBeGreaterThan(150);
    // The stream ends right after the last event, not at the 120 s bound.
    expect(result.endedAt - result.events[4]!.at).toBeLessThan(100);
  });

  it('answers from the cache the second time, and reports taken names as active', async () => {
    const before = registry.calls.length;
    const first = await readEventStream(base + query('google', ['com']));
    expect(first.events.map((e) => e.data)).toEqual([{ domain: 'google.com', status: 'active' }]);
    await readEventStream(base + query('google', ['com']));
    expect(registry.calls.length).toBe(before + 1);
  });

  it('sends the answers that come in the same moment together: one write to the connection, not one per answer', async () => {
    // Twenty extensions the registry double answers after the same 10 ms: their timers run in one turn.
    const together = extensionCatalogue.map((entry) => entry.extension).filter((extension) => !['nl', 'com', 'eu', 'be', 'de'].includes(extension)).slice(0, 20);
    let writes = 0;
    const countWrites = (request: IncomingMessage, response: ServerResponse) => {
      if (!request.url?.includes('samentegelijk')) return;
      const socket = response.socket!;
      const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
      socket.write = ((...args: unknown[]) => {
        writes++;
        return write(...args);
      }) as typeof socket.write;
    };
    app.server.prependListener('request', countWrites);
    try {
      const result = await readEventStream(base + query('samentegelijk', together), { headers: { 'x-forwarded-for': '10.0.0.2' } });
      expect(result.events.map((e) => e.data)).toEqual(expect.arrayContaining(together.map((extension) => ({ domain: `samentegelijk.${extension}`, status: 'free' }))));
      expect(result.events).toHaveLength(20);
    } finally {
      app.server.removeListener('request', countWrites);
    }
    // The head, the events (a chunk's size, its data and its end: three writes per turn; the twenty
    // timers may end in more than one turn on a busy machine) and the stream's end. One set of
    // writes per answer made 85.
    expect(writes).toBeLessThan(30);
  });

  it('judges the name as sent: a raw a--b is invalid for every extension without asking the registry, and says why', async () => {
    const before = registry.calls.length;
    const result = await readEventStream(base + query('a--b', ['nl', 'com']));
    const reason = 'Een domeinnaam mag geen twee streepjes na elkaar hebben.';
    expect(result.events.map((e) => e.data)).toEqual([
      { domain: 'a--b.nl', status: 'invalid', reason },
      { domain: 'a--b.com', status: 'invalid', reason },
    ]);
    expect(registry.calls.length).toBe(before);
  });

  it('refuses a query without extensions with a 400', async () => {
    const response = await fetch(`${base}/api/check-domain-extensions?domain=abc`);
    expect(response.status).toBe(400);
    expect(await response.json()).toHaveProperty('fieldErrors');
  });

  it('demands a solved captcha past the free rate, and accepts each solution once', async () => {
    const client = { headers: { 'x-forwarded-for': '10.9.9.9' } };
    // trustProxy is off, so every request counts for 127.0.0.1: use up what is left of the free rate.
    let result = await readEventStream(base + query('vrij', ['nl']), client);
    for (let i = 0; i < 10 && result.events[0]?.event !== 'captchaRequired'; i++) result = await readEventStream(base + query('vrij', ['nl']), client);
    expect(result.events).toEqual([{ event: 'captchaRequired', data: {}, at: expect.any(Number) }]);

    const challenge = (await (await fetch(`${base}/captcha/challenge`)).json()) as { challenge: string; salt: string; algorithm: string; maxnumber: number; signature: string };
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
    const token = btoa(JSON.stringify({ ...solution, algorithm: challenge.algorithm, challenge: challenge.challenge, salt: challenge.salt, signature: challenge.signature }));
    const solved = await readEventStream(base + query('vrij', ['nl'], `&g-recaptcha-response=${encodeURIComponent(token)}`));
    expect(solved.events.map((e) => e.data)).toEqual([{ domain: 'vrij.nl', status: 'free' }]);
    const replayed = await readEventStream(base + query('vrij', ['nl'], `&g-recaptcha-response=${encodeURIComponent(token)}`));
    expect(replayed.events.map((e) => e.event)).toEqual(['captchaRequired']);
  });
});

describe.each(databaseKinds)('searches with the simulated registry on $name', (kind) => {
  const counter = queryCounter();
  const extensions = extensionCatalogue.slice(0, 40).map((entry) => entry.extension);
  const latency = { min: 5, max: 120 };
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let base: string;
  /** The statements that asked which names the shop holds. */
  const ownershipQueries = (statements: string[]) => statements.filter((statement) => /from "domains"/.test(statement));

  beforeAll(async () => {
    database = await kind.open({ onQuery: counter.onQuery });
    const registry = createSimulatedRegistry({ latencyMs: latency, failureRate: 0, wellKnown, registeredInShop: shopDomainsAmong(database.db) });
    app = await buildTestApp(database, { registry, worker: false, config: { availability: { cacheSeconds: 0, freeSearches: 100, windowSeconds: 600 } } });
    // The demo bakery's domains are the shop's: goudenkorst.nl among them.
    await ensureDemoAccounts(servicesOf(app));
    base = await listenLocally(app);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("says that a name's xn-- form (IDN) cannot be ordered yet, in the visitor's language", async () => {
    const dutch = await readEventStream(base + query('xn--bcher-kva', ['nl']));
    expect(dutch.events.map((e) => e.data)).toEqual([{ domain: 'xn--bcher-kva.nl', status: 'invalid', reason: 'Domeinnamen met speciale tekens (IDN, xn--…) kunnen nog niet worden besteld.' }]);
    const english = await readEventStream(base + query('xn--bcher-kva', ['com']), { headers: { cookie: 'kavel_lang=en' } });
    expect(english.events.map((e) => e.data)).toEqual([{ domain: 'xn--bcher-kva.com', status: 'invalid', reason: 'Domain names with special characters (IDN, xn--…) cannot be ordered yet.' }]);
  });

  it("asks the shop about a whole search's names with one query, while each result still comes at its own latency", async () => {
    // The lookups of this search end at many different moments.
    expect(new Set(extensions.map((extension) => simulatedLatencyMs(`goudenkorst.${extension}`, latency.min, latency.max))).size).toBeGreaterThan(20);
    let result!: Awaited<ReturnType<typeof readEventStream>>;
    const statements = await counter.during(async () => {
      result = await readEventStream(base + query('goudenkorst', extensions));
    });
    expect(ownershipQueries(statements)).toHaveLength(1);
    // A cookieless search is a read: no session row is written for it.
    expect(statements.filter((statement) => /"sessions"/.test(statement))).toEqual([]);
    const status = new Map(result.events.map((event) => [(event.data as { domain: string }).domain, (event.data as { status: string }).status]));
    expect(status.size).toBe(40);
    // The shop holds goudenkorst.nl: the registry reports it taken; the rest are free.
    expect(status.get('goudenkorst.nl')).toBe('active');
    expect([...status].filter(([domain]) => domain !== 'goudenkorst.nl').every(([, answer]) => answer === 'free')).toBe(true);
    const at = new Map(result.events.map((event) => [(event.data as { domain: string }).domain, event.at]));
    const quickest = extensions.reduce((a, b) => (simulatedLatencyMs(`goudenkorst.${a}`, 5, 120) <= simulatedLatencyMs(`goudenkorst.${b}`, 5, 120) ? a : b));
    expect(at.get(`goudenkorst.${quickest}`)!).toBeLessThan(Math.max(...at.values()));
  });

  it('asks once per search at most when several searches come in together', async () => {
    const labels = Array.from({ length: 5 }, (_, n) => `samentegelijk${n}`);
    let results: Array<Awaited<ReturnType<typeof readEventStream>>> = [];
    const statements = await counter.during(async () => {
      results = await Promise.all(labels.map((label) => readEventStream(base + query(label, extensions))));
    });
    expect(results.map((result) => result.events.length)).toEqual([40, 40, 40, 40, 40]);
    expect(results.flatMap((result) => result.events).every((event) => (event.data as { status: string }).status === 'free')).toBe(true);
    // One query per search at most (they may arrive in different moments), never one per lookup.
    expect(ownershipQueries(statements).length).toBeLessThanOrEqual(labels.length);
  });

  it('answers more names asked at once than a statement takes parameters, in one query', async () => {
    const owned = batchedOwnershipCheck(database.db);
    const names = [...Array.from({ length: 70_000 }, (_, n) => `naam${n}.nl`), 'GoudenKorst.nl'];
    let answers: boolean[] = [];
    const statements = await counter.during(async () => {
      answers = await Promise.all(names.map((name) => owned(name)));
    });
    expect(ownershipQueries(statements)).toHaveLength(1);
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(answers.at(-1)).toBe(true);
  });
});

describe.each(databaseKinds)('a search whose client goes away, on $name', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let base: string;
  const registry = scriptedRegistry({ com: 50, nl: 300 }, new Set());

  beforeAll(async () => {
    database = await kind.open();
    app = await buildTestApp(database, { registry, worker: false, config: { availability: { cacheSeconds: 60, freeSearches: 100, windowSeconds: 600 } } });
    base = await listenLocally(app);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('lets a client go away mid-stream: its lookups run on, and the next search shares their answers', async () => {
    const label = 'weggegaan';
    // The first search's client reads the stream's first chunk and hangs up, the lookups under way.
    await new Promise<void>((resolve, reject) => {
      const request = get(base + query(label, ['com', 'nl']), (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });
    const result = await readEventStream(base + query(label, ['com', 'nl']));
    expect(new Map(result.events.map((event) => [(event.data as { domain: string }).domain, (event.data as { status: string }).status]))).toEqual(
      new Map([
        [`${label}.com`, 'free'],
        [`${label}.nl`, 'free'],
      ]),
    );
    // Each name was asked of the registry once: by the search that went away.
    expect(registry.calls.filter((domain) => domain.startsWith(`${label}.`)).sort()).toEqual([`${label}.com`, `${label}.nl`]);
  });

});
