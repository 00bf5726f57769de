/**
 * Collects the calls made within one turn of the event loop and serves them with one statement. A
 * search asks about forty domains at once, and a burst of searches about thousands: one query per
 * turn instead of one per domain. `run` gets each key once (in the order first asked, with the
 * payload of its latest call) and answers a value per key; a key it leaves out gets `missing`.
 * Every caller of a key gets that value, or the batch's error.
 *
 * `serial`: one batch at a time. While one runs, the calls gather into the next, which starts when
 * it ends: writes nobody waits on then hold one connection of the pool, however many come, and
 * run in the order they were asked.
 */
export function tickBatch<K, V, P = undefined>(
  run: (entries: Map<K, P>) => Promise<Map<K, V>>,
  missing: V,
  options: { serial?: boolean } = {},
): (key: K, payload?: P) => Promise<V> {
  type Waiter = { resolve(value: V): void; reject(error: unknown): void };
  type Batch = { entries: Map<K, P>; waiters: Map<K, Waiter[]> };
  let pending: Batch | null = null;
  let running: Promise<void> | null = null;
  const flush = async ({ entries, waiters }: Batch) => {
    try {
      const answers = await run(entries);
      for (const [key, list] of waiters) for (const waiter of list) waiter.resolve(answers.has(key) ? (answers.get(key) as V) : missing);
    } catch (error) {
      for (const list of waiters.values()) for (const waiter of list) waiter.reject(error);
    }
  };
  const send = (batch: Batch) => {
    pending = null;
    const flushing = flush(batch).finally(() => {
      if (running === flushing) running = null;
    });
    running = flushing;
  };
  return (key, payload) =>
    new Promise<V>((resolve, reject) => {
      let batch = pending;
      if (!batch) {
        const fresh: Batch = { entries: new Map(), waiters: new Map() };
        pending = batch = fresh;
        setImmediate(() => {
          if (options.serial && running) void running.then(() => send(fresh));
          else send(fresh);
        });
      }
      batch.entries.set(key, payload as P);
      const list = batch.waiters.get(key);
      if (list) list.push({ resolve, reject });
      else batch.waiters.set(key, [{ resolve, reject }]);
    });
}
