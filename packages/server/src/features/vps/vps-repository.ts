import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.ts';
import { vpsServers } from '../../db/schema/index.ts';

/** The vps feature's queries: it owns `vps_servers`. */

export type VpsServerRow = typeof vpsServers.$inferSelect;
export type NewVpsServerRow = typeof vpsServers.$inferInsert;

/** Inserts the server, or brings the row of its reference up to date (status, addresses); answers its id. */
export async function upsert(q: Queryable, row: NewVpsServerRow): Promise<number> {
  const [stored] = await q
    .insert(vpsServers)
    .values(row)
    .onConflictDoUpdate({ target: vpsServers.clientRef, set: { status: row.status, providerRef: row.providerRef, ipv4: row.ipv4 ?? null, ipv6: row.ipv6 ?? null } })
    .returning({ id: vpsServers.id });
  if (!stored) throw new Error('vps server upsert returned nothing');
  return stored.id;
}

export async function remove(q: Queryable, id: number): Promise<void> {
  await q.delete(vpsServers).where(eq(vpsServers.id, id));
}

export function listOwned(q: Queryable, customerId: number): Promise<VpsServerRow[]> {
  return q.select().from(vpsServers).where(eq(vpsServers.customerId, customerId)).orderBy(asc(vpsServers.id));
}
