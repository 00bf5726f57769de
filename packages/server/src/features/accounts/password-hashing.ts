import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashes with scrypt (N=2^15, r=8, p=1: about 32 MiB and some tens of milliseconds per
 * hash), stored self-describing as `scrypt$N$r$p$salt$hash` (salt and hash base64url) so the
 * cost can be raised later without breaking stored hashes.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Bounds for parameters read back from storage, so a damaged row cannot make us burn memory. */
const MAX = { N: 2 ** 20, r: 32, p: 16 } as const;

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    // NFC, so that the same characters typed on different systems give the same hash.
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash {
  cost: { N: number; r: number; p: number };
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): ParsedHash | null {
  const [scheme, n, r, p, salt, key, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || rest.length > 0 || salt === undefined || key === undefined) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const powerOfTwo = Number.isInteger(cost.N) && cost.N > 1 && (cost.N & (cost.N - 1)) === 0;
  if (!powerOfTwo || cost.N > MAX.N || !Number.isInteger(cost.r) || cost.r < 1 || cost.r > MAX.r || !Number.isInteger(cost.p) || cost.p < 1 || cost.p > MAX.p) {
    return null;
  }
  const parsed = { cost, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
  return parsed.key.length === KEY_BYTES && parsed.salt.length > 0 ? parsed : null;
}

/**
 * A hash of nothing anyone knows, checked when there is no account (or no password yet), so that
 * an unknown address costs the same time as a wrong password.
 */
const DUMMY_HASH = ['scrypt', COST.N, COST.r, COST.p, Buffer.alloc(SALT_BYTES, 7).toString('base64url'), Buffer.alloc(KEY_BYTES, 9).toString('base64url')].join('$');

/** Whether the password matches the stored hash; with no hash, a full verification that fails. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = parse(stored ?? DUMMY_HASH) ?? parse(DUMMY_HASH)!;
  const key = await derive(password, parsed.salt, parsed.cost);
  return timingSafeEqual(key, parsed.key) && stored !== null;
}
