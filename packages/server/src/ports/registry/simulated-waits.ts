/**
 * The simulated registry's waits: a lookup's latency, cut short when its deadline aborts. Cheap on
 * purpose, because thousands wait at once under a burst of searches.
 */

/**
 * What waits on each signal: one `abort` listener per signal, however many lookups wait on it. The
 * forty lookups of a search share its deadline, and an `EventTarget` looks through its listeners
 * on every add (no listener twice): one listener per lookup cost a walk of the list per lookup and
 * a removal per answer, a few per cent of the server's work under a burst of searches.
 */
const waiting = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * The callbacks to call once when `signal` aborts. A caller adds its own and deletes it when its
 * answer comes first.
 */
function abortCallbacksOf(signal: AbortSignal): Set<() => void> {
  let callbacks = waiting.get(signal);
  if (!callbacks) {
    const fresh = new Set<() => void>();
    waiting.set(signal, fresh);
    signal.addEventListener(
      'abort',
      () => {
        waiting.delete(signal);
        for (const callback of fresh) callback();
      },
      { once: true },
    );
    callbacks = fresh;
  }
  return callbacks;
}

/**
 * `answer()` after `ms`, or `aborted` as soon as `signal` aborts; never leaves a timer behind. One
 * promise, one timer and two callbacks per call: under a burst of searches thousands wait at once,
 * and what each holds is copied by every collection of the young generation meanwhile.
 */
export function afterLatency<T>(ms: number, signal: AbortSignal, answer: () => T | Promise<T>, aborted: T): Promise<T> {
  if (signal.aborted) return Promise.resolve(aborted);
  if (ms <= 0) return Promise.resolve(answer());
  return new Promise((resolve) => {
    const callbacks = abortCallbacksOf(signal);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(aborted);
    };
    const timer = setTimeout(() => {
      callbacks.delete(onAbort);
      resolve(answer());
    }, ms);
    callbacks.add(onAbort);
  });
}

/** Races `promise` against `signal`; resolves `undefined` when the signal wins. */
export function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise<T | undefined>((resolve, reject) => {
    const callbacks = abortCallbacksOf(signal);
    const onAbort = () => resolve(undefined);
    callbacks.add(onAbort);
    promise.then(
      (value) => {
        callbacks.delete(onAbort);
        resolve(value);
      },
      (error: unknown) => {
        callbacks.delete(onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
