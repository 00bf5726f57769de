import { describe, expect, it } from 'vitest';
import { createReportThrottle } from './report-throttle.ts';

describe('createReportThrottle', () => {
  it('allows 10 reports, then none until the oldest is 60 s old', () => {
    let now = 1_000;
    const allow = createReportThrottle(10, 60_000, () => now);
    for (let i = 0; i < 10; i++) {
      expect(allow()).toBe(true);
      now += 1_000;
    }
    expect(allow()).toBe(false);
    now = 1_000 + 60_000; // the first report has counted for 60 s
    expect(allow()).toBe(true);
    expect(allow()).toBe(false);
  });
});
