import { useCallback, useEffect, useRef, useState } from 'react';

export type CaptchaStatus = 'idle' | 'solving' | 'solved' | 'failed';

export interface Captcha {
  /** The server asked for a captcha: the form shows the widget. */
  shown: boolean;
  status: CaptchaStatus;
  /** The token to send once solved; a token is spent by one request. */
  token: string | null;
  show(): void;
  /** Solves ALTCHA's proof of work, or asks reCAPTCHA for a token. */
  solve(): void;
  /** Forgets the token (after it was sent) so the next attempt solves a new one. */
  reset(): void;
}

/**
 * The captcha a form shows once the server demands one. The solver is loaded on demand, so a
 * page that never needs a captcha never downloads it. A login form passes `username`: the
 * challenge is then as hard as a login for that address demands.
 */
export function useCaptcha(initiallyShown = false, options: { username?: () => string } = {}): Captcha {
  // Read when solving starts: the login form's username as it is then.
  const usernameOf = useRef(options.username);
  useEffect(() => {
    usernameOf.current = options.username;
  });
  const [shown, setShown] = useState(initiallyShown);
  const [state, setState] = useState<{ status: CaptchaStatus; token: string | null }>({ status: 'idle', token: null });
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const reset = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setState({ status: 'idle', token: null });
  }, []);

  const solve = useCallback(() => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setState({ status: 'solving', token: null });
    void (async () => {
      try {
        const { fetchCaptchaKey, obtainCaptchaToken } = await import('./solve-captcha.ts');
        const key = await fetchCaptchaKey(controller.signal);
        const username = usernameOf.current?.();
        const token = await obtainCaptchaToken(key, controller.signal, username === undefined ? {} : { username });
        if (!controller.signal.aborted) setState({ status: 'solved', token });
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn('Captcha could not be solved', error);
        setState({ status: 'failed', token: null });
      } finally {
        if (running.current === controller) running.current = null;
      }
    })();
  }, []);

  const show = useCallback(() => setShown(true), []);

  return { shown, status: state.status, token: state.token, show, solve, reset };
}
