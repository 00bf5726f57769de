import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/connect.ts';
import { getOrCreateSecret } from '../../db/settings.ts';

/**
 * Device cookies (OWASP, "Slow brute force" / device cookies): a browser that logged in to an
 * account with its password gets a cookie that names this device for that account. While guesses
 * from elsewhere have locked the account, a login that presents such a cookie is still evaluated,
 * and its failures count against the device, not the account: the lock stops the guessing without
 * shutting the owner out.
 *
 * The cookie is `<nonce>.<mac>`: 256 random bits and an HMAC-SHA256 over the customer id and the
 * nonce with this installation's key (kept in `settings`, so every process verifies it). The
 * customer id is not in the cookie: only the account it was made for accepts it, and the cookie
 * tells nobody which account that is.
 */
export interface LoginDevices {
  /** A cookie value for a browser that just logged in to `customerId` with its password. */
  issue(customerId: number): Promise<string>;
  /** The throttle scope of the device `cookie` names, when this installation made it for `customerId`; else null. */
  scopeOf(customerId: number, cookie: string | undefined): Promise<string | null>;
}

/** A year: a device stays known as long as a browser keeps a cookie in practice. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Over HTTPS the `__Host-` prefix keeps other subdomains from planting or overwriting it, as with the session. */
export const deviceCookieName = (secure: boolean): string => (secure ? '__Host-kavel_device' : 'kavel_device');
/** The device cookie a request carries, if any. */
export const deviceCookieOf = (request: { cookies: Record<string, string | undefined> }, secure: boolean): string | undefined => request.cookies[deviceCookieName(secure)];

const SETTINGS_KEY = 'login_device_hmac_key';
const MAX_COOKIE_LENGTH = 200;

const mac = (key: string, customerId: number, nonce: string) => createHmac('sha256', key).update(`login-device.${customerId}.${nonce}`).digest('base64url');

export function createLoginDevices(db: Database): LoginDevices {
  let key: Promise<string> | undefined;
  // Read once per process, on the first login; a failed read is tried again by the next one.
  const keyOf = () =>
    (key ??= getOrCreateSecret(db, SETTINGS_KEY).catch((error: unknown) => {
      key = undefined;
      throw error;
    }));

  return {
    async issue(customerId) {
      const nonce = randomBytes(32).toString('base64url');
      return `${nonce}.${mac(await keyOf(), customerId, nonce)}`;
    },

    async scopeOf(customerId, cookie) {
      if (typeof cookie !== 'string' || cookie.length > MAX_COOKIE_LENGTH) return null;
      const [nonce, signature, ...rest] = cookie.split('.');
      if (!nonce || !signature || rest.length > 0) return null;
      const presented = Buffer.from(signature);
      const expected = Buffer.from(mac(await keyOf(), customerId, nonce));
      if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return null;
      // The nonce is a bearer value: the counters keep only its hash.
      return `login-device:${createHash('sha256').update(nonce).digest('hex')}`;
    },
  };
}
