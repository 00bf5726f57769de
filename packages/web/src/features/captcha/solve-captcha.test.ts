import { createChallenge, verifySolution } from 'altcha-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCaptchaKey, obtainCaptchaToken } from './solve-captcha.ts';

const hmacKey = 'browser-test-key';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('obtainCaptchaToken (altcha)', () => {
  it('fetches the challenge same-origin and returns a payload verifySolution accepts', async () => {
    const challenge = await createChallenge({ hmacKey, maxNumber: 2_000, expires: new Date(Date.now() + 60_000) });
    const fetchMock = vi.fn(async () => Response.json(challenge));
    vi.stubGlobal('fetch', fetchMock);

    const token = await obtainCaptchaToken({ provider: 'altcha', key: '/captcha/challenge' });

    expect(fetchMock).toHaveBeenCalledWith('/captcha/challenge', expect.objectContaining({ credentials: 'same-origin' }));
    expect(Object.keys(JSON.parse(atob(token)) as object).sort()).toEqual(['algorithm', 'challenge', 'number', 'salt', 'signature']);
    expect(await verifySolution(token, hmacKey)).toBe(true);
  });

  it('asks for the challenge of the login it is for, so the server can make it as hard as that login demands', async () => {
    const challenge = await createChallenge({ hmacKey, maxNumber: 2_000, expires: new Date(Date.now() + 60_000) });
    const fetchMock = vi.fn(async () => Response.json(challenge));
    vi.stubGlobal('fetch', fetchMock);
    await obtainCaptchaToken({ provider: 'altcha', key: '/captcha/challenge' }, undefined, { username: ' jan+test@example.nl ' });
    await obtainCaptchaToken({ provider: 'altcha', key: '/captcha/challenge' }, undefined, { username: '' });
    expect(fetchMock.mock.calls.map((call) => (call as unknown[])[0])).toEqual(['/captcha/challenge?username=jan%2Btest%40example.nl', '/captcha/challenge']);
  });

  it('stops when aborted', async () => {
    const challenge = await createChallenge({ hmacKey, maxNumber: 5_000_000, number: 4_999_999 });
    vi.stubGlobal('fetch', async () => Response.json(challenge));
    const controller = new AbortController();
    const pending = obtainCaptchaToken({ provider: 'altcha', key: '/captcha/challenge' }, controller.signal);
    setTimeout(() => controller.abort(new Error('user left')), 20);
    await expect(pending).rejects.toThrow('user left');
  });
});

describe('obtainCaptchaToken (recaptcha)', () => {
  it('adds api.js once and retries every 500 ms until grecaptcha is there', async () => {
    vi.useFakeTimers();
    const scripts: { id: string; src: string; remove(): void; addEventListener(): void }[] = [];
    const fakeWindow: { grecaptcha?: unknown } = {};
    vi.stubGlobal('window', fakeWindow);
    vi.stubGlobal('document', {
      getElementById: (id: string) => scripts.find((s) => s.id === id) ?? null,
      createElement: () => ({ id: '', src: '', async: false, remove() {}, addEventListener() {} }),
      head: { appendChild: (s: (typeof scripts)[number]) => scripts.push(s) },
    });
    const execute = vi.fn(async (siteKey: string, options: { action: string }) => `token-for-${siteKey}-${options.action}`);

    const first = obtainCaptchaToken({ provider: 'recaptcha', key: 'site key' });
    const second = obtainCaptchaToken({ provider: 'recaptcha', key: 'site key' });
    await vi.advanceTimersByTimeAsync(1_200);
    expect(execute).not.toHaveBeenCalled();
    fakeWindow.grecaptcha = { ready: (cb: () => void) => cb(), execute };
    await vi.advanceTimersByTimeAsync(500);

    expect(await first).toBe('token-for-site key-submit');
    expect(await second).toBe('token-for-site key-submit');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe('https://www.google.com/recaptcha/api.js?render=site%20key');
  });
});

describe('fetchCaptchaKey', () => {
  it('reads and validates /captcha/key', async () => {
    const fetchMock = vi.fn(async () => Response.json({ provider: 'altcha', key: '/captcha/challenge' }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchCaptchaKey()).toEqual({ provider: 'altcha', key: '/captcha/challenge' });
    expect(fetchMock).toHaveBeenCalledWith('/captcha/key', expect.objectContaining({ credentials: 'same-origin' }));

    vi.stubGlobal('fetch', async () => Response.json({ provider: 'hcaptcha', key: 'x' }));
    await expect(fetchCaptchaKey()).rejects.toThrow();
  });
});
