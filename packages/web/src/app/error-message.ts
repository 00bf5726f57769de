import { ApiError } from '../api/client.ts';
import type { Translate } from '../i18n/use-t.ts';

/**
 * What to tell a person about a failed call: the server's own message for a refused request,
 * a connection hint when the network failed, and a friendly generic text for everything else
 * (a server fault or an answer we could not read), never a stack trace.
 */
export function errorMessage(error: unknown, t: Translate): string {
  // A message the page composed itself (the step 2 check).
  if (typeof error === 'string') return error;
  if (error instanceof ApiError) {
    return error.status < 500 && error.body.message ? error.body.message : t('error.generic');
  }
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) return t('error.network');
  return t('error.generic');
}

/**
 * Whether asking again can change the answer: a lost connection, a server fault, a busy server
 * (408, 429). A refusal (not found, not allowed, bad input) answers the same every time.
 */
export function canRetry(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}
