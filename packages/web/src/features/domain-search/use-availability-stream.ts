import { useEffect, useRef, useState } from 'react';
import { AVAILABILITY_EVENT, AVAILABILITY_STREAM_TTL_MS, CAPTCHA_REQUIRED_EVENT, ZAvailabilityEvent } from '@kavel/core';
import { shopContracts } from '@kavel/core/contracts/shop';
import { urlOf } from '../../api/client.ts';
import { openEventStream } from '../../api/event-stream.ts';
import { extensionOf } from './extension-order.ts';
import type { Availability } from './row-status.ts';

interface SearchState {
  label: string;
  statuses: Readonly<Record<string, Availability>>;
}

export interface AvailabilityStream {
  label: string;
  statuses: Readonly<Record<string, Availability>>;
  /** True while a proof-of-work captcha is being solved for this page. */
  solvingCaptcha: boolean;
  /** A new search: earlier streams are closed and their late answers ignored. */
  search(label: string, extensions: readonly string[]): void;
  /** Checks (again) some extensions of the current search: show more, check again, after a remove. */
  check(extensions: readonly string[]): void;
}

function checkUrl(label: string, extensions: readonly string[], captchaToken?: string): string {
  return urlOf(shopContracts.checkDomainExtensions, { query: { domain: label, 'extensions[]': [...extensions], ...(captchaToken ? { 'g-recaptcha-response': captchaToken } : {}) } });
}

const every = (extensions: Iterable<string>, availability: Availability) => Object.fromEntries([...extensions].map((e) => [e, availability]));

/**
 * Availability per extension from `GET /api/check-domain-extensions`. One stream per batch of
 * extensions; a stream is closed as soon as its last answer arrived, when the server ends it,
 * or after the 120 s time-to-live. Extensions left without an answer become 'error' so the row
 * offers 'check again'. A `captchaRequired` answer is solved (ALTCHA, no user action) and the
 * batch reopened once with the token.
 */
export function useAvailabilityStream(): AvailabilityStream {
  const [state, setState] = useState<SearchState>({ label: '', statuses: {} });
  const [captchas, setCaptchas] = useState(0);
  const cancels = useRef(new Set<() => void>());
  const current = useRef({ generation: 0, label: '' });

  useEffect(() => {
    const running = cancels.current;
    return () => {
      running.forEach((cancel) => cancel());
      running.clear();
    };
  }, []);

  const update = (generation: number, patch: Record<string, Availability>) => {
    if (generation !== current.current.generation) return;
    setState((s) => ({ ...s, statuses: { ...s.statuses, ...patch } }));
  };

  const openBatch = (generation: number, label: string, extensions: readonly string[], captchaToken?: string) => {
    const pending = new Set(extensions);
    let timer = 0;
    const cancel = () => {
      stream.close();
      window.clearTimeout(timer);
      cancels.current.delete(cancel);
    };
    const finish = () => {
      cancel();
      if (pending.size > 0) update(generation, every(pending, 'error'));
      pending.clear();
    };
    const stream = openEventStream(
      checkUrl(label, extensions, captchaToken),
      {
        [AVAILABILITY_EVENT]: (data) => {
          const event = ZAvailabilityEvent.safeParse(data);
          if (!event.success) return;
          const extension = extensionOf(label, event.data.domain);
          if (extension === null || !pending.delete(extension)) return;
          update(generation, { [extension]: event.data.status });
          if (pending.size === 0) finish();
        },
        [CAPTCHA_REQUIRED_EVENT]: () => {
          // A token that did not do it is not retried in a loop: the rows offer 'check again'.
          if (captchaToken) return finish();
          const rest = [...pending];
          pending.clear();
          cancel();
          void solveCaptchaAndRetry(generation, label, rest);
        },
      },
      finish,
    );
    cancels.current.add(cancel);
    timer = window.setTimeout(finish, AVAILABILITY_STREAM_TTL_MS);
  };

  const solveCaptchaAndRetry = async (generation: number, label: string, extensions: readonly string[]) => {
    const controller = new AbortController();
    const cancel = () => controller.abort();
    cancels.current.add(cancel);
    setCaptchas((n) => n + 1);
    try {
      // Loaded on demand: most visitors never need the captcha code.
      const { fetchCaptchaKey, obtainCaptchaToken } = await import('../captcha/solve-captcha.ts');
      const key = await fetchCaptchaKey();
      const token = await obtainCaptchaToken(key, controller.signal);
      if (controller.signal.aborted || generation !== current.current.generation) return;
      openBatch(generation, label, extensions, token);
    } catch (error) {
      if (controller.signal.aborted) return;
      console.warn('Captcha could not be solved', error);
      update(generation, every(extensions, 'error'));
    } finally {
      cancels.current.delete(cancel);
      setCaptchas((n) => n - 1);
    }
  };

  const search = (label: string, extensions: readonly string[]) => {
    cancels.current.forEach((cancel) => cancel());
    cancels.current.clear();
    const generation = current.current.generation + 1;
    current.current = { generation, label };
    setState({ label, statuses: every(extensions, 'loading') });
    if (extensions.length > 0) openBatch(generation, label, extensions);
  };

  const check = (extensions: readonly string[]) => {
    const { generation, label } = current.current;
    if (!label || extensions.length === 0) return;
    update(generation, every(extensions, 'loading'));
    openBatch(generation, label, extensions);
  };

  return { label: state.label, statuses: state.statuses, solvingCaptcha: captchas > 0, search, check };
}
