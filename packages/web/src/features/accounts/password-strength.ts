import { useSyncExternalStore, type FormEvent } from 'react';
import { installPasswordStrengthEstimator, passwordStrengthReady } from '@kavel/core';

let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/**
 * Loads zxcvbn and its trimmed lists (a chunk of their own, about 170 kB brotli, never in the first load)
 * and installs them for the shared password schemas. Once per page; a failed load may be tried
 * again. Until it is in, the schemas let the server judge how guessable a password is.
 */
export function loadPasswordStrength(): Promise<void> {
  loading ??= import('@kavel/core/password-estimator').then(
    ({ createPasswordStrengthEstimator }) => {
      installPasswordStrengthEstimator(createPasswordStrengthEstimator());
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Starts the load without waiting; a failure leaves the judging to the server. */
export function preloadPasswordStrength(): void {
  loadPasswordStrength().catch(() => undefined);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the judge is in, re-rendering when it arrives. */
export function usePasswordStrengthReady(): boolean {
  return useSyncExternalStore(subscribe, passwordStrengthReady, passwordStrengthReady);
}

/** How long a submit waits for a judge still loading (a slow line) before leaving it to the server. */
const SUBMIT_WAIT_MS = 3000;

/** Wraps a form's submit so the judge is in (or failed, or is slow to load) before the form validates. */
export function withPasswordStrength(submit: (event: FormEvent<HTMLFormElement>) => Promise<unknown>): (event: FormEvent<HTMLFormElement>) => void {
  return (event) => {
    event.preventDefault();
    const waited = new Promise((resolve) => setTimeout(resolve, SUBMIT_WAIT_MS));
    void Promise.race([loadPasswordStrength().catch(() => undefined), waited]).then(() => submit(event));
  };
}
