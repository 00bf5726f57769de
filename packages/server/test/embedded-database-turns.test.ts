import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { databaseKinds } from './support/index.ts';

const embedded = databaseKinds.find((kind) => kind.name === 'pglite')!;

describe('the embedded database and the event loop', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await embedded.open();
  });
  afterAll(async () => database?.close());

  it('lets the event loop take its turn between queued statements: a request that comes meanwhile is not kept waiting for all of them', async () => {
    const done: string[] = [];
    // Ten jobs and requests at once, each sending twenty statements one after the other.
    const actor = async () => {
      for (let n = 0; n < 20; n++) {
        await database.db.execute(sql`select ${n}::int as n`);
        done.push('statement');
        // What the event loop has to do meanwhile (read a request, answer one, a timer).
        if (done.length === 1) setImmediate(() => done.push('event loop'));
      }
    };
    await Promise.all(Array.from({ length: 10 }, actor));
    expect(done.indexOf('event loop')).toBeGreaterThan(0);
    expect(done.indexOf('event loop')).toBeLessThan(30);
  });

  it('still runs a transaction as one: its statements see each other and roll back together', async () => {
    await database.db.execute(sql`create table turn_test (n int)`);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into turn_test values (1)`);
        const seen = await tx.execute(sql`select count(*)::int as count from turn_test`);
        expect((seen as unknown as { rows: Array<{ count: number }> }).rows[0]!.count).toBe(1);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const after = await database.db.execute(sql`select count(*)::int as count from turn_test`);
    expect((after as unknown as { rows: Array<{ count: number }> }).rows[0]!.count).toBe(0);
  });
});
