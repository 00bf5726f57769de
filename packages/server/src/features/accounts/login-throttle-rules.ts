/**
 * The schedule that bounds password guessing per account (and per unknown address, and per
 * browser that logged in before, which `login-devices.ts` counts on its own): pure, so the
 * service, the tests and the benchmark all read the same rules.
 */
export interface LoginThrottleRules {
  /** From this failure in a row on, each failure makes the next password check wait. */
  delayFromFailure: number;
  /** The wait after failure `delayFromFailure`; it doubles with every further failure. */
  delayBaseSeconds: number;
  delayMaxSeconds: number;
  /** This many failures within the window lock the address until `lockMinutes` have passed. */
  lockAfterFailures: number;
  /** The window of the lock count; failures in a row are also forgotten after this long without one. */
  lockWindowMinutes: number;
  lockMinutes: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleRules = {
  delayFromFailure: 5,
  delayBaseSeconds: 1,
  delayMaxSeconds: 60,
  lockAfterFailures: 20,
  lockWindowMinutes: 60,
  lockMinutes: 60,
};

/** How long the next password check waits after the `failures`-th failure in a row, in ms. */
export function delayAfterFailure(rules: LoginThrottleRules, failures: number): number {
  if (failures < rules.delayFromFailure) return 0;
  const seconds = rules.delayBaseSeconds * 2 ** Math.min(failures - rules.delayFromFailure, 30);
  return Math.min(seconds, rules.delayMaxSeconds) * 1000;
}

/** From this many failures on, a login needs a captcha (the escalation rule's limit). */
const CAPTCHA_FROM_FAILURES = 3;
/** The hardest challenge a login demands, as a factor of the configured work (about 8 s in a browser at the default). */
export const MAX_CAPTCHA_DIFFICULTY = 16;

/**
 * The work a login's captcha must have been issued with, as a factor of the configured ALTCHA
 * work: 1 up to the first demand, then doubling with every further failure, capped.
 */
export function captchaDifficulty(failures: number): number {
  if (failures <= CAPTCHA_FROM_FAILURES) return 1;
  return Math.min(2 ** (failures - CAPTCHA_FROM_FAILURES), MAX_CAPTCHA_DIFFICULTY);
}

/**
 * The moments (ms from the start) at which an attacker who always tries at the earliest allowed
 * moment gets a password checked, over `horizonMs`, if every guess is wrong. Mirrors the
 * service: failures in a row are forgotten after a quiet window, a lock starts at the failure
 * that makes `lockAfterFailures` within the window.
 */
export function attackSchedule(rules: LoginThrottleRules, horizonMs: number): number[] {
  const windowMs = rules.lockWindowMinutes * 60_000;
  const checks: number[] = [];
  let at = 0;
  let failures = 0;
  let lastFailure = Number.NEGATIVE_INFINITY;
  let nextCheck = 0;
  let lockedUntil = 0;
  for (;;) {
    at = Math.max(at, nextCheck, lockedUntil);
    if (at >= horizonMs) return checks;
    if (at - lastFailure >= windowMs) failures = 0;
    failures += 1;
    checks.push(at);
    lastFailure = at;
    nextCheck = at + delayAfterFailure(rules, failures);
    const inWindow = checks.filter((check) => check > at - windowMs).length;
    if (inWindow >= rules.lockAfterFailures) lockedUntil = at + rules.lockMinutes * 60_000;
  }
}

/** The most checks of `checks` within any window of `windowMs`. */
export function mostInAnyWindow(checks: readonly number[], windowMs: number): number {
  let most = 0;
  let first = 0;
  for (let last = 0; last < checks.length; last++) {
    while (checks[first]! <= checks[last]! - windowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}
