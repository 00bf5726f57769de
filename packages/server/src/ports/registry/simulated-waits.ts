/**
 * The simulated registry's waits: a lookup's latency, cut short when its deadline aborts. Cheap on
 * purpose, because thousands wait at once under a burst of searches, and what each holds is copied
 * by every collection of the young generation meanwhile: a wait is one promise and one small
 * object, with no function, timer or listener of its own.
 */

/** One wait: settled once, by its answer or by its signal. */
interface Wait {
  settle: ((value: unknown) => void) | null;
  /** What it settles with when its signal aborts first. */
  readonly aborted: unknown;
}

/** A wait for a latency: what answers it when its time is over. */
interface TimedWait extends Wait {
  readonly answer: () => unknown;
  readonly signal: AbortSignal;
}

/**
 * What waits on each signal: one `abort` listener per signal, however many lookups wait on it. The
 * forty lookups of a search share its deadline, and an `EventTarget` looks through its listeners
 * on every add (no listener twice): one listener per lookup cost a walk of the list per lookup and
 * a removal per answer, a few per cent of the server's work under a burst of searches.
 */
const waitingOn = new WeakMap<AbortSignal, Set<Wait>>();

function waitOn(signal: AbortSignal, wait: Wait): void {
  let waits = waitingOn.get(signal);
  if (!waits) {
    const fresh = new Set<Wait>();
    waitingOn.set(signal, fresh);
    signal.addEventListener(
      'abort',
      () => {
        waitingOn.delete(signal);
        for (const waiting of fresh) settle(waiting, waiting.aborted);
      },
      { once: true },
    );
    waits = fresh;
  }
  waits.add(wait);
}

function settle(wait: Wait, value: unknown): void {
  const resolve = wait.settle;
  if (!resolve) return;
  wait.settle = null;
  resolve(value);
}

/**
 * The waits due at each moment (on `Date.now()`, the clock the timers keep, also when a test fakes
 * them), with one timer per moment rather than per wait: the lookups of a burst's searches end within a few hundred distinct
 * milliseconds, and each timer is an object of its own in Node's lists.
 */
const due = new Map<number, TimedWait[]>();
/**
 * The moments are counted from this module's load: small whole numbers (for twelve days) are
 * stored in the map as they are, where the milliseconds since 1970 would each be a number object.
 */
const EPOCH = Date.now();

function fire(at: number): void {
  const waits = due.get(at);
  due.delete(at);
  for (const wait of waits ?? []) {
    if (!wait.settle) continue;
    waitingOn.get(wait.signal)?.delete(wait);
    // An answer that throws settles its wait as a rejection, as the promise's own callback would.
    try {
      settle(wait, wait.answer());
    } catch (error) {
      settle(wait, Promise.reject(error instanceof Error ? error : new Error(String(error))));
    }
  }
}

/** The resolve function of the promise made last: one shared executor instead of one per wait. */
let captured: (value: unknown) => void = () => undefined;
const capture = (resolve: (value: unknown) => void) => {
  captured = resolve;
};

/**
 * `answer()` after `ms`, or `aborted` as soon as `signal` aborts; never leaves a timer behind that
 * holds anything of an aborted wait (a moment's timer runs on, and finds its waits settled).
 */
export function afterLatency<T>(ms: number, signal: AbortSignal, answer: () => T | Promise<T>, aborted: T): Promise<T> {
  if (signal.aborted) return Promise.resolve(aborted);
  if (ms <= 0) return Promise.resolve(answer());
  const promise = new Promise<T>(capture as (resolve: (value: T) => void) => void);
  const wait: TimedWait = { settle: captured, aborted, answer, signal };
  const now = Date.now() - EPOCH;
  const at = now + Math.ceil(ms);
  const waits = due.get(at);
  if (waits) waits.push(wait);
  else {
    due.set(at, [wait]);
    setTimeout(fire, at - now, at);
  }
  waitOn(signal, wait);
  return promise;
}

/** Races `promise` against `signal`; resolves `undefined` when the signal wins. */
export function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise<T | undefined>((resolve, reject) => {
    const wait: Wait = { settle: resolve as (value: unknown) => void, aborted: undefined };
    waitOn(signal, wait);
    promise.then(
      (value) => {
        waitingOn.get(signal)?.delete(wait);
        settle(wait, value);
      },
      (error: unknown) => {
        waitingOn.get(signal)?.delete(wait);
        if (!wait.settle) return;
        wait.settle = null;
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
