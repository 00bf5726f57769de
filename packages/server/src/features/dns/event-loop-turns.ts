/**
 * Long work in a web process: a zone of thousands of records is read, checked and written in
 * slices, and between them the event loop answers other requests. PGlite runs each statement on
 * this thread and hands results on through promises only, so without a turn of its own a run of
 * statements holds everything else up until it ends.
 */

/** Lets the event loop do its other work (answers, timers, sockets) before going on. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** How long one slice of work may hold the event loop. */
const SLICE_MS = 8;

/** Runs work that pauses (yields) between steps, giving the event loop a turn whenever a slice has passed; answers its result. */
export async function inTurns<T>(steps: Generator<void, T, void>): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
}

/** `items` in runs of at most `size`, for statements that each write one run. */
export function runsOf<T>(items: readonly T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let start = 0; start < items.length; start += size) runs.push(items.slice(start, start + size));
  return runs;
}
