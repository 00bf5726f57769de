import { lt } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { spentCaptchaTokens } from '../../db/schema/index.ts';
import type { SpentTokenStore } from '../../ports/captcha/spent-token-store.ts';

/** Replay protection shared by every process: a token hash can be inserted once. */
export function createDatabaseSpentTokenStore(db: Database): SpentTokenStore & { purgeExpired(): Promise<void> } {
  return {
    async spend(tokenHash, expiresAt) {
      const inserted = await db.insert(spentCaptchaTokens).values({ tokenHash, expiresAt }).onConflictDoNothing().returning({ tokenHash: spentCaptchaTokens.tokenHash });
      return inserted.length === 1;
    },
    async purgeExpired() {
      await db.delete(spentCaptchaTokens).where(lt(spentCaptchaTokens.expiresAt, new Date()));
    },
  };
}
