import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { domainExtensions, settings } from '../src/db/schema/index.ts';
import { CATALOGUE_FINGERPRINT_KEY, seedCatalogueWhenChanged } from '../src/features/catalogue/catalogue-seed.ts';
import extensionData from '../src/features/catalogue/data/extensions.json' with { type: 'json' };
import { databaseKinds, queryCounter } from './support/index.ts';

const nl = extensionData.find((extension) => extension.extension === 'nl')!;

describe.each(databaseKinds)('the catalogue on a restart, $name', (kind) => {
  let database: DatabaseHandle;
  afterEach(() => database.close());

  const nlPrice = async () => (await database.db.select().from(domainExtensions).where(eq(domainExtensions.productId, nl.productId)))[0]?.discountedPrice;

  it('costs one query when neither the data files nor the schema changed since the last seed', async () => {
    const counter = queryCounter();
    database = await kind.open({ onQuery: counter.onQuery });
    await seedCatalogueWhenChanged(database.db);
    expect(counter.count).toBe(1);
    expect(await nlPrice()).toBe(nl.discountedPrice);
  });

  it('makes the tables equal the data files again when the data changed since the last seed', async () => {
    database = await kind.open();
    await database.db.update(domainExtensions).set({ discountedPrice: 1 }).where(eq(domainExtensions.productId, nl.productId));
    // As after a deployment whose data files differ from those the database was seeded with.
    await database.db.update(settings).set({ value: 'an older catalogue' }).where(eq(settings.key, CATALOGUE_FINGERPRINT_KEY));
    await seedCatalogueWhenChanged(database.db);
    expect(await nlPrice()).toBe(nl.discountedPrice);
  });
});
