import { describe, expect, it } from 'vitest';
import { attackSchedule, captchaDifficulty, DEFAULT_LOGIN_THROTTLE, delayAfterFailure, mostInAnyWindow } from './login-throttle-rules.ts';

const HOUR = 3_600_000;

describe('login throttle schedule', () => {
  it('waits from the fifth failure, doubling up to the maximum', () => {
    expect([1, 4, 5, 6, 7, 10, 11, 12, 100].map((n) => delayAfterFailure(DEFAULT_LOGIN_THROTTLE, n) / 1000)).toEqual([0, 0, 1, 2, 4, 32, 60, 60, 60]);
  });

  it('raises the captcha difficulty with failures, capped', () => {
    expect([0, 3, 4, 5, 6, 7, 50].map(captchaDifficulty)).toEqual([1, 1, 2, 4, 8, 16, 16]);
  });

  it('allows an attacker who always tries at the first allowed moment at most 30 checks in any hour', () => {
    const checks = attackSchedule(DEFAULT_LOGIN_THROTTLE, 24 * HOUR);
    // 20 checks in the first ten minutes, then the lock; the same again once it ends.
    expect(checks.filter((at) => at < HOUR)).toHaveLength(20);
    expect(mostInAnyWindow(checks, HOUR)).toBeLessThanOrEqual(30);
    expect(checks.length).toBeLessThanOrEqual(24 * 20);
  });

  it('counts the most checks in any window', () => {
    expect(mostInAnyWindow([0, 1, 2, 10, 11], 5)).toBe(3);
    expect(mostInAnyWindow([], 5)).toBe(0);
  });
});
