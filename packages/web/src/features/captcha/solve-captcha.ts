/**
 * Gets a captcha token in the browser, for whichever captcha the server uses (`GET /captcha/key`).
 * Framework-free: components call these and send the token as `g-recaptcha-response`.
 */
import { solveChallenge } from 'altcha-lib';
import { pathOf, ZAltchaChallenge } from '@kavel/core';
import { shopContracts } from '@kavel/core/contracts/shop';
import type { TCaptchaKey } from '@kavel/core';

/** Asks the server which captcha it uses and what the browser needs for it. */
export async function fetchCaptchaKey(signal?: AbortSignal): Promise<TCaptchaKey> {
  const response = await fetch(pathOf(shopContracts.captchaKey), { credentials: 'same-origin', headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`${shopContracts.captchaKey.path} failed: ${response.status}`);
  return shopContracts.captchaKey.response.parse(await response.json());
}

/**
 * Solves (ALTCHA) or requests (reCAPTCHA v3) a token that the server's `verify` accepts once.
 * `username`: the login the token is for; the server makes its ALTCHA challenge as hard as that
 * login demands (harder after failed attempts), and refuses an easier one.
 */
export async function obtainCaptchaToken(key: { provider: 'altcha' | 'recaptcha'; key: string }, signal?: AbortSignal, options: { username?: string } = {}): Promise<string> {
  signal?.throwIfAborted();
  return key.provider === 'altcha' ? solveAltcha(challengeUrlFor(key.key, options.username), signal) : executeRecaptcha(key.key, signal);
}

function challengeUrlFor(challengeUrl: string, username: string | undefined): string {
  const trimmed = username?.trim();
  if (!trimmed) return challengeUrl;
  return `${challengeUrl}${challengeUrl.includes('?') ? '&' : '?'}username=${encodeURIComponent(trimmed)}`;
}

// ---------------------------------------------------------------------------------------------
// ALTCHA: fetch a challenge, find the number by SHA-256 proof of work, return the base64 payload.

async function solveAltcha(challengeUrl: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(challengeUrl, { credentials: 'same-origin', headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`GET ${challengeUrl} failed: ${response.status}`);
  const { algorithm, challenge, maxnumber, salt, signature } = ZAltchaChallenge.parse(await response.json());

  // altcha-lib's solver uses only Web Crypto (crypto.subtle.digest, awaited per try), no Node built-ins,
  // so the page stays responsive while it works.
  const work = solveChallenge(challenge, salt, algorithm, maxnumber ?? 1_000_000);
  const abort = () => work.controller.abort();
  signal?.addEventListener('abort', abort, { once: true });
  try {
    const solution = await work.promise;
    signal?.throwIfAborted();
    if (!solution) throw new Error('ALTCHA challenge could not be solved');
    return btoa(JSON.stringify({ algorithm, challenge, number: solution.number, salt, signature }));
  } finally {
    signal?.removeEventListener('abort', abort);
  }
}

// ---------------------------------------------------------------------------------------------
// reCAPTCHA v3: load api.js once, wait until it is there, execute.

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

const RETRY_MS = 500;
/** Give up after this long without the library (blocked script, offline). */
const GIVE_UP_MS = 30_000;
const SCRIPT_ID = 'kavel-recaptcha';

function loadedGrecaptcha(): Grecaptcha | undefined {
  const g = (window as Window & { grecaptcha?: Partial<Grecaptcha> }).grecaptcha;
  return typeof g?.execute === 'function' && typeof g.ready === 'function' ? (g as Grecaptcha) : undefined;
}

function addScriptOnce(siteKey: string): void {
  if (document.getElementById(SCRIPT_ID)) return;
  const script = document.createElement('script');
  script.id = SCRIPT_ID;
  script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
  script.async = true;
  // If it fails to load (network hiccup), remove it so the next request tries again.
  script.addEventListener('error', () => script.remove(), { once: true });
  document.head.appendChild(script);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

async function executeRecaptcha(siteKey: string, signal?: AbortSignal): Promise<string> {
  addScriptOnce(siteKey);
  // If the captcha library is not yet loaded the token request retries every 500 ms.
  let grecaptcha = loadedGrecaptcha();
  for (let waited = 0; !grecaptcha; waited += RETRY_MS) {
    if (waited >= GIVE_UP_MS) throw new Error('reCAPTCHA did not load');
    await sleep(RETRY_MS, signal);
    grecaptcha = loadedGrecaptcha();
  }
  const ready = grecaptcha;
  await new Promise<void>((resolve) => ready.ready(resolve));
  signal?.throwIfAborted();
  return ready.execute(siteKey, { action: 'submit' });
}
