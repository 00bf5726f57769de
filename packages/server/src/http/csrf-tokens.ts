import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * CSRF tokens: 256 random bits and an HMAC-SHA256 over them with this installation's key
 * (`<nonce>.<mac>`). The signature lets a browser that has no session yet carry a token in its
 * `XSRF-TOKEN` cookie without a row behind it: the server accepts as that browser's token only
 * one it issued itself, and a mutating request must echo exactly the cookie's value.
 */
export interface CsrfTokens {
  /** A fresh token. */
  issue(): string;
  /** Whether `token` is one this installation issued (checked in constant time). */
  isGenuine(token: string | undefined): token is string;
}

/** Methods that change nothing: no CSRF check, and never a reason to store a session. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

const mac = (key: string, nonce: string) => createHmac('sha256', key).update(`xsrf.${nonce}`).digest('base64url');

export function createCsrfTokens(key: string): CsrfTokens {
  return {
    issue() {
      const nonce = randomBytes(32).toString('base64url');
      return `${nonce}.${mac(key, nonce)}`;
    },
    isGenuine(token): token is string {
      if (typeof token !== 'string' || token.length > 200) return false;
      const [nonce, signature, ...rest] = token.split('.');
      if (!nonce || !signature || rest.length > 0) return false;
      return csrfTokenMatches(signature, mac(key, nonce));
    },
  };
}

/** Constant-time comparison of a presented CSRF token with the expected one. */
export function csrfTokenMatches(presented: unknown, expected: string): boolean {
  if (typeof presented !== 'string') return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
