import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
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

/** Running servers whose IPv4 address is not known yet, made after `since`; newest first. */
export function runningWithoutAddress(q: Queryable, since: Date, limit: number): Promise<Array<{ id: number; providerRef: string }>> {
  return q
    .select({ id: vpsServers.id, providerRef: vpsServers.providerRef })
    .from(vpsServers)
    .where(and(eq(vpsServers.status, 'running'), isNull(vpsServers.ipv4), gt(vpsServers.createdAt, since)))
    .orderBy(desc(vpsServers.id))
    .limit(limit);
}

/** Records the address of a server that had none; false when it has one by now or is gone. */
export async function recordAddress(q: Queryable, id: number, ipv4: string): Promise<boolean> {
  const updated = await q
    .update(vpsServers)
    .set({ ipv4 })
    .where(and(eq(vpsServers.id, id), isNull(vpsServers.ipv4)))
    .returning({ id: vpsServers.id });
  return updated.length > 0;
}
