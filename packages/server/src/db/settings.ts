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

/** A value this installation makes once (`make`) and keeps, e.g. the ACME account's key; the first process to store it wins. */
export async function getOrCreateValue(db: Database, key: string, make: () => Promise<string>): Promise<string> {
  const [existing] = await db.select().from(settings).where(eq(settings.key, key));
  if (existing) return existing.value;
  await db.insert(settings).values({ key, value: await make() }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  if (!row) throw new Error(`setting ${key} missing right after insert`);
  return row.value;
}
