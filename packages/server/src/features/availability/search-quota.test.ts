import { describe, expect, it } from 'vitest';
import { createMemoryCounters } from '../../ports/counters/index.ts';
import type { CounterPort } from '../../ports/counters/counter-port.ts';
import { createSearchQuota } from './search-quota.ts';

describe('search quota', () => {
  it('lets a client search freely up to the free rate, then asks for a captcha each time', async () => {
    const quota = createSearchQuota({ counters: createMemoryCounters(), freeSearches: 2, windowSeconds: 600 });
    const answers = [];
    for (let n = 0; n < 4; n++) answers.push(await quota.take('10.0.0.1'));
    expect(answers).toEqual([true, true, false, false]);
    expect(await quota.take('10.0.0.2')).toBe(true);
  });

  it('asks for a captcha rather than failing the search when the counters do not answer', async () => {
    const away: CounterPort = { name: 'redis', hit: () => Promise.reject(new Error('connection refused')) };
    const quota = createSearchQuota({ counters: away, freeSearches: 2, windowSeconds: 600 });
    expect(await quota.take('10.0.0.1')).toBe(false);
  });
});
