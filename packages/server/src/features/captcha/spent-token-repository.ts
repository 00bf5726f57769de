import { lt } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { spentCaptchaTokens } from '../../db/schema/index.ts';
import type { SpentTokenStore } from '../../ports/captcha/spent-token-store.ts';

/** Replay protection shared by every process: a token hash can be inserted once. */
export function createDatabaseSpentTokenStore(db: Database): SpentTokenStore & { purgeExpired(now?: Date): Promise<void> } {
  return {
    async spend(tokenHash, expiresAt) {
      const inserted = await db.insert(spentCaptchaTokens).values({ tokenHash, expiresAt }).onConflictDoNothing().returning({ tokenHash: spentCaptchaTokens.tokenHash });
      return inserted.length === 1;
    },
    /** Deletes what has expired: an expired solution is refused as such, so its row is no longer needed. */
    async purgeExpired(now = new Date()) {
      await db.delete(spentCaptchaTokens).where(lt(spentCaptchaTokens.expiresAt, now));
    },
  };
}
