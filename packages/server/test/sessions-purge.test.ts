import { randomBytes } from 'node:crypto';
import { asc, count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PURGE_INTERVAL_MS } from '../src/app.ts';
import { baskets, sessions, spentCaptchaTokens } from '../src/db/schema/index.ts';
import { basketCalls, createTestClock, databaseKinds, products, TestClient, useTestShop, type TestShop } from './support/index.ts';

const DAY = 86_400_000;

// Only the app's intervals are faked, so the test can run the hourly purge without waiting an hour.
beforeAll(() => void vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
afterAll(() => void vi.useRealTimers());

describe.each(databaseKinds)('hourly purge on $name', (kind) => {
  const clock = createTestClock();
  let shop: TestShop;
  useTestShop(kind, (ready) => (shop = ready), { app: { now: clock.now } });

  it('deletes ended sessions (with their anonymous baskets) and spent captcha solutions past their expiry, and keeps the rest', async () => {
    const { db } = shop.database;
    const visitor = new TestClient(shop.app);
    await basketCalls(visitor).addDomain(products.nl, 'blijft-bewaard.nl');
    const at = (days: number) => new Date(clock.now().getTime() + days * DAY);
    const session = (name: string, expiresInDays: number) => ({
      idHash: `${name}-${randomBytes(8).toString('hex')}`,
      csrfToken: 'x',
      startedAt: at(-1),
      lastSeenAt: at(-1),
      expiresAt: at(expiresInDays),
    });
    const ending = session('eindigt', 1);
    const lasting = session('blijft', 3);
    await db.insert(sessions).values([ending, lasting]);
    await db.insert(baskets).values([{ sessionIdHash: ending.idHash }, { sessionIdHash: lasting.idHash }]);
    await db.insert(spentCaptchaTokens).values([
      { tokenHash: 'verlopen', expiresAt: at(1) },
      { tokenHash: 'geldig', expiresAt: at(3) },
    ]);
    const sessionCount = async () => (await db.select({ value: count() }).from(sessions))[0]!.value;
    const before = await sessionCount();

    // Two days on, by the app's clock: nothing is deleted until the purge runs.
    clock.advance(2 * DAY);
    expect(await sessionCount()).toBe(before);
    await vi.advanceTimersByTimeAsync(PURGE_INTERVAL_MS);
    await vi.waitFor(async () => expect(await sessionCount()).toBe(before - 1), { timeout: 5_000, interval: 50 });

    const left = await db.select({ idHash: sessions.idHash }).from(sessions);
    expect(left.map((row) => row.idHash)).not.toContain(ending.idHash);
    expect(left.map((row) => row.idHash)).toContain(lasting.idHash);
    const basketOwners = (await db.select({ sessionIdHash: baskets.sessionIdHash }).from(baskets)).map((row) => row.sessionIdHash);
    expect(basketOwners).not.toContain(ending.idHash);
    expect(basketOwners).toContain(lasting.idHash);
    await vi.waitFor(
      async () => expect((await db.select().from(spentCaptchaTokens).orderBy(asc(spentCaptchaTokens.tokenHash))).map((row) => row.tokenHash)).toEqual(['geldig']),
      { timeout: 5_000, interval: 50 },
    );
    // The visitor's own session (30 days idle) is untouched.
    expect((await basketCalls(visitor).get()).items.map((item) => item.title)).toEqual(['blijft-bewaard.nl']);
  });
});
