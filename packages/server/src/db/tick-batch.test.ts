import { describe, expect, it } from 'vitest';
import { tickBatch } from './tick-batch.ts';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('tickBatch', () => {
  it('serves the calls of one turn with one run: each key once, its latest payload, the missing value for keys it leaves out', async () => {
    const runs: Array<Array<[string, number | undefined]>> = [];
    const double = tickBatch<string, number, number>(async (entries) => {
      runs.push([...entries]);
      return new Map([...entries].filter(([key]) => key !== 'c').map(([key, payload]) => [key, (payload ?? 0) * 2]));
    }, -1);
    const answers = await Promise.all([double('a', 1), double('b', 2), double('a', 5), double('c', 3)]);
    expect(answers).toEqual([10, 4, 10, -1]);
    expect(runs).toEqual([
      [
        ['a', 5],
        ['b', 2],
        ['c', 3],
      ],
    ]);
    await double('d', 1);
    expect(runs).toHaveLength(2);
  });

  it("rejects every caller of a batch whose run fails, and the next turn's batch runs afresh", async () => {
    let fail = true;
    const check = tickBatch<string, boolean>(async () => {
      if (fail) throw new Error('database away');
      return new Map([['x', true]]);
    }, false);
    const results = await Promise.allSettled([check('x'), check('y')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    await expect(check('x')).resolves.toBe(true);
  });

  it('runs one batch at a time when serial, gathering the calls made meanwhile into the next, in order', async () => {
    let running = 0;
    let most = 0;
    const runs: string[][] = [];
    let release!: () => void;
    const write = tickBatch<string, null>(
      async (entries) => {
        running += 1;
        most = Math.max(most, running);
        runs.push([...entries.keys()]);
        if (runs.length === 1) await new Promise<void>((resolve) => (release = resolve));
        running -= 1;
        return new Map();
      },
      null,
      { serial: true },
    );
    const first = write('a');
    await turn();
    // The first batch is running: these calls, over several turns, wait and go together.
    const later = [write('b')];
    await turn();
    later.push(write('c'));
    await turn();
    expect(runs).toEqual([['a']]);
    release();
    await Promise.all([first, ...later]);
    expect(runs).toEqual([['a'], ['b', 'c']]);
    expect(most).toBe(1);
  });
});
