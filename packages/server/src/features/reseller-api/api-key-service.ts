import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TApiKey, TApiKeyCreate, TApiKeyCreated, TApiKeyScope } from '@kavel/core';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { resellerApiKeys } from '../../db/schema/index.ts';
import { accountRepository, type CustomerRow } from '../accounts/account-repository.ts';

/** `kvl_` + the 12-character prefix + `_` + 43 characters of secret (32 random bytes). */
const KEY_PATTERN = /^(kvl_[0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

/** A key that authenticated: whose it is, which key, and what it may do. */
export interface ApiKeyCaller {
  customerId: number;
  keyId: number;
  scopes: readonly TApiKeyScope[];
}

export type ApiKeyRefusal = { ok: false; reason: 'notReseller' } | { ok: false; reason: 'tooManyKeys'; max: number };

export interface ApiKeyService {
  /** Whether this customer is an active reseller (not a sub-user): only they have keys. */
  isReseller(customerId: number): Promise<boolean>;
  list(customerId: number): Promise<TApiKey[] | ApiKeyRefusal>;
  /** Makes a key, unless the reseller has its maximum of active keys; its secret is in this answer only (the table holds its SHA-256). */
  create(customerId: number, input: { name: string; scopes: TApiKeyCreate['scopes'] }): Promise<{ ok: true; created: TApiKeyCreated } | ApiKeyRefusal>;
  /** Revokes one of the customer's keys (again is fine); null when it is not theirs. */
  revoke(customerId: number, keyId: number): Promise<{ ok: true; key: TApiKey } | ApiKeyRefusal | null>;
  /** The caller a presented key names, or null (unknown, wrong secret, revoked, or no longer a reseller). Notes its use. */
  authenticate(presented: string): Promise<ApiKeyCaller | null>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

type KeyRow = typeof resellerApiKeys.$inferSelect;
const keyOf = (row: KeyRow): TApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/**
 * A reseller's API keys: stored as a SHA-256 of the secret (a key is 32 random bytes, so a
 * slow hash adds nothing), found by their prefix and compared in constant time; scoped,
 * revocable, with the time of their last use.
 */
export function createApiKeyService(deps: { db: Database; now: () => Date; maxActiveKeys: number }): ApiKeyService {
  const { db } = deps;
  const refused: ApiKeyRefusal = { ok: false, reason: 'notReseller' };

  const isResellerRow = (row: CustomerRow | null) => !!row && row.state === 'active' && row.isReseller && !row.isSubUser;
  const isReseller = async (customerId: number) => isResellerRow(await accountRepository.findById(db, customerId));

  return {
    isReseller,
    async list(customerId) {
      if (!(await isReseller(customerId))) return refused;
      const rows = await db.select().from(resellerApiKeys).where(eq(resellerApiKeys.customerId, customerId)).orderBy(asc(resellerApiKeys.id));
      return rows.map(keyOf);
    },
    async create(customerId, input) {
      // The reseller's row is locked while its keys are counted and the new one is added, so two
      // creations at once take turns and the second counts the first's key.
      return db.transaction(async (tx) => {
        if (!isResellerRow(await accountRepository.findById(tx, customerId, { lock: true }))) return refused;
        const [active] = await tx
          .select({ keys: count() })
          .from(resellerApiKeys)
          .where(and(eq(resellerApiKeys.customerId, customerId), isNull(resellerApiKeys.revokedAt)));
        if (active!.keys >= deps.maxActiveKeys) return { ok: false, reason: 'tooManyKeys', max: deps.maxActiveKeys } as const;
        const prefix = `kvl_${randomBytes(6).toString('hex')}`;
        const secret = `${prefix}_${randomBytes(32).toString('base64url')}`;
        const [row] = await tx
          .insert(resellerApiKeys)
          .values({ customerId, name: input.name, scopes: [...new Set(input.scopes)], prefix, secretHash: sha256(secret).toString('hex'), createdAt: deps.now() })
          .returning();
        return { ok: true, created: { key: keyOf(row!), secret } } as const;
      });
    },
    async revoke(customerId, keyId) {
      if (!(await isReseller(customerId))) return refused;
      const mine = and(eq(resellerApiKeys.id, keyId), eq(resellerApiKeys.customerId, customerId));
      await db.update(resellerApiKeys).set({ revokedAt: deps.now() }).where(and(mine, isNull(resellerApiKeys.revokedAt)));
      const [row] = await db.select().from(resellerApiKeys).where(mine);
      return row ? { ok: true, key: keyOf(row) } : null;
    },
    async authenticate(presented) {
      const match = KEY_PATTERN.exec(presented);
      if (!match) return null;
      const [row] = await db.select().from(resellerApiKeys).where(eq(resellerApiKeys.prefix, match[1]!));
      if (!row || row.revokedAt) return null;
      if (!timingSafeEqual(Buffer.from(row.secretHash, 'hex'), sha256(presented))) return null;
      if (!(await isReseller(row.customerId))) return null;
      await db.update(resellerApiKeys).set({ lastUsedAt: deps.now() }).where(eq(resellerApiKeys.id, row.id));
      return { customerId: row.customerId, keyId: row.id, scopes: row.scopes };
    },
  };
}
