import { setMaxListeners } from 'node:events';
import { isRegistrableLabel, type TAvailabilityEvent, type TAvailabilityStatus } from '@kavel/core';
import type { AvailabilityCachePort } from '../../ports/availability-cache/availability-cache-port.ts';
import type { RegistryAnswer, RegistryPort } from '../../ports/registry/registry-port.ts';
import type { CatalogueService, CatalogueSnapshot } from '../catalogue/catalogue-service.ts';

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
   * Looks up every extension of `label` at once and reports each answer the moment it is known.
   * Resolves when the last one is reported; a failing lookup reports `error` and the rest go on.
   */
  checkAll(label: string, extensions: readonly string[], onResult: (event: TAvailabilityEvent) => void, signal: AbortSignal): Promise<void>;
  /**
   * The same search in two steps: `prepare` reads the remembered answers at once (they ask
   * nobody), `run` asks the registry for the rest and reports. A caller that must first decide
   * whether the search may go on (the free searches, a captcha) decides meanwhile.
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
  run(onResult: (event: TAvailabilityEvent) => void, signal: AbortSignal): Promise<void>;
}

const statusOf = (answer: RegistryAnswer): TAvailabilityStatus =>
  answer.ok ? (answer.status === 'free' ? 'free' : answer.status === 'taken' ? 'active' : 'quarantine') : 'error';

export function createAvailabilityService(options: AvailabilityOptions): AvailabilityService {
  const { cache } = options;
  /**
   * Lookups under way in this process, so that concurrent searches for one domain ask the
   * registry once. Per process on purpose: a promise cannot be shared, and the shared cache
   * answers the other processes once the first lookup is done.
   */
  const inFlight = new Map<string, Promise<TAvailabilityStatus>>();

  // The cache only saves registry calls: when its store fails, the registry answers instead.
  async function remembered(domain: string): Promise<TAvailabilityStatus | null> {
    if (options.cacheSeconds === 0) return null;
    return cache.get(domain).catch(() => null);
  }

  /** `askedAt`: when the registry was asked, so an answer from before a `forget` is not kept. */
  async function remember(domain: string, status: TAvailabilityStatus, askedAt: number): Promise<void> {
    if (status === 'error' || options.cacheSeconds === 0) return;
    await cache.set(domain, status, options.cacheSeconds, askedAt).catch(() => undefined);
  }

  /**
   * `deadline` ends the registry's call: one per search rather than one per lookup (the forty
   * lookups of a search start together, so they share it), which is a fortieth of the timers and
   * abort listeners under a burst of searches.
   */
  async function lookup(label: string, extension: string, deadline: AbortSignal | null, fresh = false): Promise<TAvailabilityStatus> {
    if (!isRegistrableLabel(label)) return 'invalid';
    return lookupIn(await options.catalogue.snapshot(), label, extension, deadline, fresh);
  }

  /**
   * One lookup of a registrable `label`, in the catalogue as it is now. `cached` is the
   * remembered answer when the caller already asked for it.
   */
  async function lookupIn(
    catalogue: CatalogueSnapshot,
    label: string,
    extension: string,
    deadline: AbortSignal | null,
    fresh = false,
    cached?: Promise<TAvailabilityStatus | null>,
  ): Promise<TAvailabilityStatus> {
    const record = catalogue.extensionsByName.get(extension);
    if (!record) return 'invalid';
    const domain = `${label}.${extension}`;
    if (!fresh) {
      const running = inFlight.get(domain);
      if (running) return running;
      const hit = await (cached ?? remembered(domain));
      if (hit) return hit;
      // Another search may have started the lookup while the cache was asked.
      const started = inFlight.get(domain);
      if (started) return started;
    }
    // Only the timeout ends a lookup: another search may be waiting for the same answer, so a
    // client that goes away stops hearing results but does not cancel the shared lookup.
    const askedAt = Date.now();
    const task = options.registry.lookup(domain, record.registry, deadline ?? AbortSignal.timeout(options.timeoutMs)).then(statusOf, () => 'error' as const);
    // A fresh lookup may have been asked for while an older one runs: later searches share the newest.
    inFlight.set(domain, task);
    // The answer is reported at once and remembered meanwhile; until the cache has it, this
    // process's searches share the finished lookup.
    void task
      .then((status) => remember(domain, status, askedAt))
      .finally(() => {
        if (inFlight.get(domain) === task) inFlight.delete(domain);
      });
    return task;
  }

  async function prepare(label: string, extensions: readonly string[]): Promise<PreparedSearch> {
    const unique = [...new Set(extensions)];
    // The name and the catalogue are the same for every extension: judged and read once.
    const catalogue = isRegistrableLabel(label) ? await options.catalogue.snapshot() : null;
    const cached = new Map<string, Promise<TAvailabilityStatus | null>>();
    if (catalogue) {
      for (const extension of unique) if (catalogue.extensionsByName.has(extension)) cached.set(extension, remembered(`${label}.${extension}`));
    }
    return {
      async run(onResult, signal) {
        // One deadline for the search's registry calls. A controller and a timer rather than
        // `AbortSignal.timeout`, which costs ten times as much (it holds its signal weakly, to
        // let it be collected before its time): under a burst of searches, that showed.
        const deadline = new AbortController();
        const timer = setTimeout(() => deadline.abort(new DOMException('the registry did not answer in time', 'TimeoutError')), options.timeoutMs);
        // Every lookup of the search listens on it (the registry's own waits): not a leak.
        setMaxListeners(0, deadline.signal);
        const stopped = new Promise<void>((resolve) => {
          if (signal.aborted) resolve();
          signal.addEventListener('abort', () => resolve(), { once: true });
        });
        const report = (extension: string, status: TAvailabilityStatus) => {
          if (!signal.aborted) onResult({ domain: `${label}.${extension}`, status });
        };
        const all = Promise.all(
          unique.map((extension) =>
            catalogue ? lookupIn(catalogue, label, extension, deadline.signal, false, cached.get(extension)).then((status) => report(extension, status)) : report(extension, 'invalid'),
          ),
        ).finally(() => clearTimeout(timer));
        // A client that goes away stops hearing results; its lookups, which other searches may
        // share, run on to their answer or the deadline.
        await Promise.race([all, stopped]);
      },
    };
  }

  return {
    prepare,
    async checkAll(label, extensions, onResult, signal) {
      await (await prepare(label, extensions)).run(onResult, signal);
    },
    checkDomain(label, extension, checkOptions) {
      return lookup(label, extension, null, checkOptions?.fresh === true);
    },
    async forget(domain) {
      // A lookup under way was asked before: later searches in this process ask again.
      inFlight.delete(domain);
      await cache.forget(domain);
    },
  };
}
