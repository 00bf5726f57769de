import { describe, expect, it } from 'vitest';
import { countingAhead, type CounterStore } from './counting-ahead.ts';

/** A store that answers only when the test lets it, counting from 1 in one long window. */
function heldStore() {
  let total = 0;
  const waiting: Array<() => void> = [];
  const calls: number[] = [];
  const store: CounterStore = {
    name: 'database',
    add(_key, windowMs, points) {
      calls.push(points);
      return new Promise((resolve) =>
        waiting.push(() => {
          const first = total + 1;
          total += points;
          resolve({ first, resetAt: Date.now() + windowMs });
        }),
      );
    },
  };
  return { store, calls, answer: () => waiting.splice(0).forEach((release) => release()) };
}

const settled = async <T>(promise: Promise<T>): Promise<T | 'waiting'> => Promise.race([promise, new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 20))]);

describe('counting ahead', () => {
  it('makes the hits that come before the store answers wait for that one answer, each then a count of its own', async () => {
    const { store, calls, answer } = heldStore();
    const counters = countingAhead(store);
    const hits = [counters.hit('10.0.0.1', 60_000, 600), counters.hit('10.0.0.1', 60_000, 600), counters.hit('10.0.0.1', 60_000, 600)];
    expect(await settled(Promise.all(hits))).toBe('waiting');
    answer();
    expect((await Promise.all(hits)).map((hit) => hit.count)).toEqual([1, 2, 3]);
    expect(calls).toEqual([64]);
  });

  it('counts one at a time near the limit', async () => {
    const { store, calls, answer } = heldStore();
    const counters = countingAhead(store);
    const first = counters.hit('10.0.0.2', 60_000, 7);
    answer();
    expect((await first).count).toBe(1);
    expect(calls).toEqual([1]);
  });

  it('asks the store for every hit without a limit', async () => {
    const { store, calls, answer } = heldStore();
    const counters = countingAhead(store);
    const hits = [counters.hit('overal', 60_000), counters.hit('overal', 60_000)];
    await new Promise((resolve) => setTimeout(resolve, 0));
    answer();
    expect((await Promise.all(hits)).map((hit) => hit.count)).toEqual([1, 2]);
    expect(calls).toEqual([1, 1]);
  });
});
