import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './connect.ts';
import { settings } from './schema/index.ts';

/**
 * A secret this installation generates once and keeps, so that every process and every restart
 * uses the same one (e.g. the key that signs captcha challenges).
 */
export async function getOrCreateSecret(db: Database, key: string): Promise<string> {
  await db.insert(settings).values({ key, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  if (!row) throw new Error(`setting ${key} missing right after insert`);
  return row.value;
}
