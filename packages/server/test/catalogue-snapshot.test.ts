import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { domainExtensions } from '../src/db/schema/index.ts';
import { createCatalogueService } from '../src/features/catalogue/catalogue-service.ts';
import { databaseKinds } from './support/index.ts';

/**
 * The catalogue's read is reused for 30 s; an older read still answers at once while the next one
 * loads, so no search or basket read waits for a reload of a catalogue that changes on deploy.
 */
describe.each(databaseKinds)('the catalogue read on $name', (kind) => {
  let database: DatabaseHandle;
  afterEach(() => database.close());

  const nlPriceIn = async (snapshot: ReturnType<ReturnType<typeof createCatalogueService>['snapshot']>) => (await snapshot).extensionsByName.get('nl')?.discountedPrice;

  it('answers from the read before while the next one loads, and from the new one once it is there', async () => {
    database = await kind.open();
    let now = 1_000_000;
    const catalogue = createCatalogueService(database.db, () => now);
    const before = await nlPriceIn(catalogue.snapshot());
    await database.db.update(domainExtensions).set({ discountedPrice: 123 }).where(eq(domainExtensions.extension, 'nl'));

    now += 29_000;
    expect(await nlPriceIn(catalogue.snapshot())).toBe(before);
    now += 2_000;
    // Past its time: the old read answers this call, and the next read loads meanwhile.
    const stale = catalogue.snapshot();
    expect(await nlPriceIn(stale)).toBe(before);
    let fresh = await nlPriceIn(catalogue.snapshot());
    for (let waited = 0; fresh !== 123 && waited < 5000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      fresh = await nlPriceIn(catalogue.snapshot());
    }
    expect(fresh).toBe(123);
  });

  it('keeps the read it has when a reload fails, and loads again later', async () => {
    database = await kind.open();
    let now = 1_000_000;
    let failing = false;
    // The database as the catalogue sees it: failing on demand.
    const db = new Proxy(database.db, { get: (target, key, receiver) => (key === 'select' && failing ? () => { throw new Error('database away'); } : Reflect.get(target, key, receiver)) });
    const catalogue = createCatalogueService(db, () => now);
    const before = await nlPriceIn(catalogue.snapshot());
    failing = true;
    now += 31_000;
    expect(await nlPriceIn(catalogue.snapshot())).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await nlPriceIn(catalogue.snapshot())).toBe(before);

    failing = false;
    await database.db.update(domainExtensions).set({ discountedPrice: 456 }).where(eq(domainExtensions.extension, 'nl'));
    now += 31_000;
    await catalogue.snapshot();
    let fresh = before;
    for (let waited = 0; fresh !== 456 && waited < 5000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      fresh = await nlPriceIn(catalogue.snapshot());
    }
    expect(fresh).toBe(456);
  });
});
