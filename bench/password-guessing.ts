/**
 * Password guessing: a scripted attacker with solved captchas against one account of a real
 * server process on loopback. Several workers, each from its own (forwarded) client address,
 * fetch a challenge for the account, solve it, and post a wrong password, as fast as the server
 * lets them (solving the next challenge during the Retry-After it names, and posting the moment
 * it ends), for a bounded real window.
 *
 * The server runs with the cheapest captcha its configuration allows, so the attacker is as fast
 * as it can be and the throttle, not the proof of work, is what holds it back.
 *
 * The throttle's schedule is front-loaded (a few free checks, then doubling waits, then a lock
 * after a sustained run), so checks in a short window do not scale to an hour. The report gives
 * the observed checks, checks the server never let one through earlier than its schedule allows,
 * and takes the per-hour figure from that schedule: the most checks an attacker who always tries
 * at the first allowed moment gets in any hour. Goal: at most 30.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { loadConfig } from '../packages/server/src/config.ts';
import { attackSchedule, mostInAnyWindow } from '../packages/server/src/features/accounts/login-throttle-rules.ts';
import { startShop } from '../e2e/support/server.ts';
import { round, type BenchmarkOutcome } from './support.ts';

const WINDOW_MS = Number(process.env.BENCH_GUESSING_SECONDS ?? 90) * 1000;
const WORKERS = 3;
const TARGET = 'klant@demo.kavel.nl';
const GOAL_PER_HOUR = 30;
const CHEAPEST_ALTCHA = 1000;
const HOUR = 3_600_000;
/** Slack for the attacker's own clock against the server's when comparing moments. */
const CLOCK_SLACK_MS = 250;

export interface PasswordGuessingFigures {
  windowSeconds: number;
  workers: number;
  /** Answers that say the password was wrong: each one a password check. */
  observedChecks: number;
  /** Refused with 429 and Retry-After, no password checked. */
  throttled: number;
  /** Refused for a missing or too easy captcha. */
  captchaRefusals: number;
  /** What the schedule allows in the same window, from the first check on. */
  scheduleChecksInWindow: number;
  /** The most checks in any hour that the schedule allows (over 24 hours). */
  checksPerHour: number;
  goalPerHour: number;
  miss: boolean;
}

/** The real server process on an embedded database, with the demo accounts and an outbox of its own. */
async function startServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const outbox = mkdtempSync(join(tmpdir(), 'kavel-bench-outbox-'));
  const shop = await startShop({
    DATABASE_URL: '',
    DEMO_ACCOUNTS: 'true',
    OUTBOX_DIR: outbox,
    // The attacker rotates addresses through X-Forwarded-For, and the general request limit
    // is raised: what is measured is the account's own throttle.
    TRUST_PROXY: '1',
    RATE_LIMIT_PER_MINUTE: '1000000',
    // The cheapest captcha the configuration allows: the attacker's best case, so that the
    // throttle's waits, not the proof of work, are what hold it back.
    ALTCHA_MAX_NUMBER: String(CHEAPEST_ALTCHA),
  });
  // The demo accounts are made after the server starts listening.
  for (;;) {
    const probe = await fetch(`${shop.url}/captcha/challenge?username=${encodeURIComponent(TARGET)}`);
    if (probe.ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url: shop.url,
    async stop() {
      await shop.stop();
      rmSync(outbox, { recursive: true, force: true });
    },
  };
}

/** One attacker: its own cookie jar and address; loops until the window ends. */
async function attacker(url: string, worker: number, endsAt: number, log: { checks: number[]; throttled: number; captcha: number; other: string[] }, startedAt: number) {
  const address = `198.51.100.${worker + 1}`;
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!.trim(), value.join('='));
    }
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const headers = () => ({ 'x-forwarded-for': address, cookie: cookieHeader() });
  remember(await fetch(`${url}/api/bestelprocedure/getBasket`, { headers: headers() }));

  let guess = 0;
  let retryAt = 0;
  while (Date.now() < endsAt) {
    const challenge = (await (await fetch(`${url}/captcha/challenge?username=${encodeURIComponent(TARGET)}`, { headers: headers() })).json()) as {
      algorithm: string;
      challenge: string;
      maxnumber: number;
      salt: string;
      signature: string;
    };
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
    if (!solution) throw new Error('challenge not solved');
    const token = btoa(JSON.stringify({ algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature }));
    // Solved while waiting: post the moment the wait ends.
    await new Promise((r) => setTimeout(r, Math.max(0, Math.min(retryAt, endsAt) - Date.now())));
    if (Date.now() >= endsAt) break;
    const response = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/json', 'x-xsrf-token': cookies.get('XSRF-TOKEN') ?? '' },
      body: JSON.stringify({ username: TARGET, password: `geraden-wachtwoord-${worker}-${guess++}`, 'g-recaptcha-response': token }),
    });
    remember(response);
    const body = (await response.json()) as { message?: string; showLoginCaptcha?: boolean };
    if (response.status === 401 && body.message === 'Onjuist e-mailadres of wachtwoord.') {
      log.checks.push(Date.now() - startedAt);
    } else if (response.status === 429 && response.headers.get('retry-after')) {
      log.throttled++;
      retryAt = Date.now() + Number(response.headers.get('retry-after')) * 1000;
    } else if (response.status === 401 && body.showLoginCaptcha) {
      log.captcha++;
    } else {
      log.other.push(`${response.status} ${JSON.stringify(body)}`);
      if (log.other.length > 5) return;
    }
  }
}

export async function runPasswordGuessingBenchmark(): Promise<BenchmarkOutcome<PasswordGuessingFigures>> {
  // The server runs on its defaults: read them the way it does.
  const rules = loadConfig({}).loginThrottle;
  const server = await startServer();
  const log = { checks: [] as number[], throttled: 0, captcha: 0, other: [] as string[] };
  try {
    const startedAt = Date.now();
    const endsAt = startedAt + WINDOW_MS;
    await Promise.all(Array.from({ length: WORKERS }, (_, worker) => attacker(server.url, worker, endsAt, log, startedAt)));
  } finally {
    await server.stop();
  }

  const checks = [...log.checks].sort((a, b) => a - b);
  const first = checks[0] ?? 0;
  const schedule = attackSchedule(rules, WINDOW_MS);
  const scheduleInWindow = attackSchedule(rules, WINDOW_MS - first).length;
  const checksPerHour = mostInAnyWindow(attackSchedule(rules, 24 * HOUR), HOUR);
  const failures: string[] = [];
  if (log.other.length > 0) failures.push(`unexpected answers: ${log.other.join('; ')}`);
  if (checks.length === 0) failures.push('the attacker got no password checked at all (is the server answering?)');
  if (checks.length > scheduleInWindow) failures.push(`${checks.length} checks in the window, the schedule allows ${scheduleInWindow}`);
  checks.forEach((at, i) => {
    const allowed = schedule[i];
    if (allowed !== undefined && at - first < allowed - CLOCK_SLACK_MS) failures.push(`check ${i + 1} came ${at - first} ms after the first, the schedule allows it from ${allowed} ms`);
  });

  const miss = checksPerHour > GOAL_PER_HOUR;
  const seconds = WINDOW_MS / 1000;
  const lines = [
    `${WORKERS} attackers from their own addresses, captchas solved (ALTCHA_MAX_NUMBER=${CHEAPEST_ALTCHA}), ${seconds} s against one account of a server process on loopback:`,
    `  password checks observed: ${checks.length} (the schedule allows ${scheduleInWindow} in the same time); refused unchecked: ${log.throttled} (429 with Retry-After), ${log.captcha} (captcha)`,
    `  moments of the checks (s after the first): ${checks.map((at) => round((at - first) / 1000, 1)).join(', ')}`,
    `  schedule (s): ${schedule.map((at) => round(at / 1000, 1)).join(', ')}`,
    `password checks per account per hour the schedule allows (most in any hour over 24 h): ${checksPerHour} (goal <= ${GOAL_PER_HOUR})${miss ? '  MISS' : ''}`,
    `  rules: waits from failure ${rules.delayFromFailure}, ${rules.delayBaseSeconds} s doubling to ${rules.delayMaxSeconds} s; lock of ${rules.lockMinutes} min after ${rules.lockAfterFailures} failures in ${rules.lockWindowMinutes} min`,
  ];
  return {
    lines,
    summary: {
      windowSeconds: seconds,
      workers: WORKERS,
      observedChecks: checks.length,
      throttled: log.throttled,
      captchaRefusals: log.captcha,
      scheduleChecksInWindow: scheduleInWindow,
      checksPerHour,
      goalPerHour: GOAL_PER_HOUR,
      miss,
    },
    failures,
  };
}
