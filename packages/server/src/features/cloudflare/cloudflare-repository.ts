import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.ts';
import { cloudflareZones } from '../../db/schema/index.ts';

/** The cloudflare feature's queries: it owns `cloudflare_zones`. */

export type CloudflareZoneRow = typeof cloudflareZones.$inferSelect;
export type NewCloudflareZoneRow = typeof cloudflareZones.$inferInsert;

export async function findByDomain(q: Queryable, domain: string): Promise<CloudflareZoneRow | null> {
  const [row] = await q.select().from(cloudflareZones).where(eq(cloudflareZones.domain, domain.toLowerCase()));
  return row ?? null;
}

export async function insert(q: Queryable, row: NewCloudflareZoneRow): Promise<number> {
  const [inserted] = await q
    .insert(cloudflareZones)
    .values({ ...row, domain: row.domain.toLowerCase() })
    .returning({ id: cloudflareZones.id });
  if (!inserted) throw new Error('cloudflare zone insert returned nothing');
  return inserted.id;
}

export async function remove(q: Queryable, id: number): Promise<void> {
  await q.delete(cloudflareZones).where(eq(cloudflareZones.id, id));
}

/** The customer's protected domains among these names, with their plan's product. */
export function ownedAmong(q: Queryable, customerId: number, domains: readonly string[]) {
  return q
    .select({ domain: cloudflareZones.domain, productId: cloudflareZones.productId, planCode: cloudflareZones.planCode, status: cloudflareZones.status })
    .from(cloudflareZones)
    .where(and(eq(cloudflareZones.customerId, customerId), inArray(cloudflareZones.domain, domains.map((domain) => domain.toLowerCase()))));
}
