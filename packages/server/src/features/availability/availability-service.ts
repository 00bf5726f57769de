import { setMaxListeners } from 'node:events';
import { isRegistrableLabel, type TAvailabilityEvent, type TAvailabilityStatus } from '@kavel/core';
import type { AvailabilityCachePort } from '../../ports/availability-cache/availability-cache-port.ts';
import type { RegistryAnswer, RegistryPort } from '../../ports/registry/registry-port.ts';
import type { CatalogueService, ExtensionRecord } from '../catalogue/catalogue-service.ts';

export interface AvailabilityOptions {
  registry: RegistryPort;
  catalogue: CatalogueService;
  /** Shared by every process unless the shop runs as one (see the port). */
  cache: AvailabilityCachePort;
  /** How long a definite answer (free, taken, quarantine) is reused. */
  cacheSeconds: number;
  /** How long one lookup may take. */
  timeoutMs: number;
}

export interface AvailabilityService {
  /**
   * A search of every extension of `label` at once, in two steps: `prepare` reads the remembered
   * answers at once (they ask nobody), `run` asks the registry for the rest and reports each answer
   * the moment it is known. A caller that must first decide whether the search may go on (the free
   * searches, a captcha) decides meanwhile.
   */
  prepare(label: string, extensions: readonly string[]): Promise<PreparedSearch>;
  /**
   * One full domain, e.g. before it goes into a basket. `fresh` asks the registry even when a
   * cached answer exists (checkout, just before an order): the answer is remembered as usual.
   */
  checkDomain(label: string, extension: string, options?: { fresh?: boolean }): Promise<TAvailabilityStatus>;
  /** Drops the remembered answer for a full domain, in every process (e.g. once the shop registered it). */
  forget(domain: string): Promise<void>;
}

export interface PreparedSearch {
  /** Starts the lookups; a failing lookup reports `error` and the rest go on. */
  run(onResult: (event: TAvailabilityEvent) => void): RunningSearch;
}

export interface RunningSearch {
  /** Settles when the last answer is reported, or at `stop`. */
  readonly finished: Promise<void>;
  /**
   * No more reports (the client went away). The lookups, which other searches may share, run on
   * to their answer or the deadline.
   */
  stop(): void;
}

/** A promise with its settling functions (`Promise.withResolvers` from Node 22 on). */
function settlement(): { promise: Promise<void>; resolve: () => void; reject: (error: unknown) => void } {
  let resolve = () => undefined as void;
  let reject = (_error: unknown) => undefined as void;
  const promise = new Promise<void>((resolved, rejected) => {
    resolve = resolved;
    reject = rejected;
  });
  return { promise, resolve, reject };
}

const statusOf = (answer: RegistryAnswer): TAvailabilityStatus =>
  answer.ok ? (answer.status === 'free' ? 'free' : answer.status === 'taken' ? 'active' : 'quarantine') : 'error';

/** Told a lookup's answer: the search that waits for it (one function per search, not per lookup). */
type Waiter = (domain: string, status: TAvailabilityStatus) => void;

/**
 * A registry call under way in this process, or answered and not yet in the cache. The searches
 * that share it wait in `waiting`: a lookup costs the registry's promise and one `then`, however
 * many searches wait for it.
 */
interface Lookup {
  readonly domain: string;
  /** When the registry was asked, so an answer from before a `forget` is not kept. */
  readonly askedAt: number;
  /** The answer, once it came. */
  status: TAvailabilityStatus | null;
  /** Who waits for the answer; emptied when it comes. */
  waiting: Waiter[];
}

export function createAvailabilityService(options: AvailabilityOptions): AvailabilityService {
  const { cache } = options;
  /**
   * Lookups under way in this process, so that concurrent searches for one domain ask the
   * registry once. Per process on purpose: a call cannot be shared, and the shared cache
   * answers the other processes once the first lookup is done.
   */
  const inFlight = new Map<string, Lookup>();

  // The cache only saves registry calls: when its store fails, the registry answers instead.
  async function remembered(domain: string): Promise<TAvailabilityStatus | null> {
    if (options.cacheSeconds === 0) return null;
    return cache.get(domain).catch(() => null);
  }

  const done = (lookup: Lookup) => {
    if (inFlight.get(lookup.domain) === lookup) inFlight.delete(lookup.domain);
  };

  /** Reports the answer to every waiting search at once, and remembers it meanwhile. */
  function settle(lookup: Lookup, status: TAvailabilityStatus): void {
    lookup.status = status;
    const waiting = lookup.waiting;
    lookup.waiting = [];
    for (const waiter of waiting) waiter(lookup.domain, status);
    // Until the cache has it, this process's searches share the finished lookup.
    if (status === 'error' || options.cacheSeconds === 0) done(lookup);
    else
      cache.set(lookup.domain, status, options.cacheSeconds, lookup.askedAt).then(
        () => done(lookup),
        () => done(lookup),
      );
  }

  /** `waiter` hears the lookup's answer: at once when it came already. */
  function join(lookup: Lookup, waiter: Waiter): void {
    if (lookup.status === null) lookup.waiting.push(waiter);
    else waiter(lookup.domain, lookup.status);
  }

  /**
   * Asks the registry about `domain`, shared with the searches of this process that ask meanwhile.
   * Only the deadline ends the call: another search may be waiting for the same answer, so a
   * client that goes away stops hearing results but does not cancel the shared lookup.
   */
  function ask(domain: string, record: ExtensionRecord, deadline: AbortSignal): Lookup {
    const lookup: Lookup = { domain, askedAt: Date.now(), status: null, waiting: [] };
    // A fresh lookup may have been asked for while an older one runs: later searches share the newest.
    inFlight.set(domain, lookup);
    options.registry.lookup(domain, record.registry, deadline).then(
      (answer) => settle(lookup, statusOf(answer)),
      () => settle(lookup, 'error'),
    );
    return lookup;
  }

  const answerOf = (lookup: Lookup) => new Promise<TAvailabilityStatus>((resolve) => join(lookup, (_domain, status) => resolve(status)));

  /** One full domain, outside a search: `fresh` asks the registry even when an answer is remembered. */
  async function lookup(label: string, extension: string, fresh: boolean): Promise<TAvailabilityStatus> {
    if (!isRegistrableLabel(label)) return 'invalid';
    const record = (await options.catalogue.snapshot()).extensionsByName.get(extension);
    if (!record) return 'invalid';
    const domain = `${label}.${extension}`;
    if (!fresh) {
      const running = inFlight.get(domain);
      if (running) return answerOf(running);
      const hit = await remembered(domain);
      if (hit) return hit;
      // Another search may have started the lookup while the cache was asked.
      const started = inFlight.get(domain);
      if (started) return answerOf(started);
    }
    return answerOf(ask(domain, record, AbortSignal.timeout(options.timeoutMs)));
  }

  /**
   * A search. Per lookup it starts, the registry's call and one `then`, no async frame and no
   * function of its own: under a burst of a hundred searches (4,000 lookups at once) the objects of
   * each lookup outlive a few collections of the young generation, and copying them was a third of
   * the server's work while the requests came in.
   */
  async function prepare(label: string, extensions: readonly string[]): Promise<PreparedSearch> {
    const unique = [...new Set(extensions)];
    // The name and the catalogue are the same for every extension: judged and read once.
    const catalogue = isRegistrableLabel(label) ? await options.catalogue.snapshot() : null;
    // Each full name is made once, for the cache's read and the lookups alike.
    const domains = unique.map((extension) => `${label}.${extension}`);
    const records = unique.map((extension) => catalogue?.extensionsByName.get(extension));
    const known = domains.filter((_domain, index) => records[index] !== undefined);
    // The remembered answers, read while the caller decides whether the search may go on.
    const cached = options.cacheSeconds === 0 || known.length === 0 ? null : cache.getMany(known).catch(() => null);
    return {
      run(onResult) {
        let stopped = false;
        const { promise: finished, resolve: finish, reject: fail } = settlement();
        const stop = () => {
          stopped = true;
          finish();
        };
        (async () => {
          const hits = (await cached) ?? new Map<string, TAvailabilityStatus>();
          if (stopped || unique.length === 0) return finish();
          let left = unique.length;
          // One deadline for the search's registry calls. A controller and a timer rather than
          // `AbortSignal.timeout`, which costs ten times as much (it holds its signal weakly, to
          // let it be collected before its time): under a burst of searches, that showed.
          const deadline = new AbortController();
          const timer = setTimeout(() => deadline.abort(new DOMException('the registry did not answer in time', 'TimeoutError')), options.timeoutMs);
          // Every lookup of the search listens on it (the registry's own waits): not a leak.
          setMaxListeners(0, deadline.signal);
          const report: Waiter = (domain, status) => {
            if (!stopped) onResult({ domain, status });
            if (--left > 0) return;
            clearTimeout(timer);
            finish();
          };
          for (let index = 0; index < domains.length; index++) {
            const domain = domains[index]!;
            const record = records[index];
            if (!record) {
              report(domain, 'invalid');
              continue;
            }
            const running = inFlight.get(domain);
            const hit = running ? undefined : hits.get(domain);
            if (hit) report(domain, hit);
            else join(running ?? ask(domain, record, deadline.signal), report);
          }
        })().catch(fail);
        return { finished, stop };
      },
    };
  }

  return {
    prepare,
    checkDomain(label, extension, checkOptions) {
      return lookup(label, extension, checkOptions?.fresh === true);
    },
    async forget(domain) {
      // A lookup under way was asked before: later searches in this process ask again.
      inFlight.delete(domain);
      await cache.forget(domain);
    },
  };
}
