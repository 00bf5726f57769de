import type { DnsZoneRecord } from '@kavel/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db/connect.ts';
import { domainDnsRecords } from '../../db/schema/index.ts';

/** A zone record with its row id when it is one the zone already holds. */
export type ZoneRecordWithId = DnsZoneRecord & { id?: number };

const key = (record: DnsZoneRecord) => `${record.name} ${record.type} ${record.priority ?? ''} ${record.ttl} ${record.value}`;

/** A domain's records with their ids, in the order they were written. */
export function zoneRows(q: Queryable, domainId: number): Promise<Array<DnsZoneRecord & { id: number }>> {
  return q
    .select({ id: domainDnsRecords.id, name: domainDnsRecords.name, type: domainDnsRecords.type, value: domainDnsRecords.value, priority: domainDnsRecords.priority, ttl: domainDnsRecords.ttl })
    .from(domainDnsRecords)
    .where(eq(domainDnsRecords.domainId, domainId))
    .orderBy(asc(domainDnsRecords.id));
}

/**
 * Makes a domain's record rows equal `records` while keeping ids stable: a record with the id
 * of one of the zone's rows updates that row; one without an id takes over an unused row with
 * the same content; the rest is inserted, and rows nobody took are deleted. Answers the zone's
 * records before the change, in row order.
 */
export async function syncZoneRows(tx: Transaction, domainId: number, records: readonly ZoneRecordWithId[]): Promise<DnsZoneRecord[]> {
  const rows = await zoneRows(tx, domainId);
  const unused = new Map(rows.map((row) => [row.id, row]));
  const updates: Array<{ id: number; record: DnsZoneRecord }> = [];
  const pending: DnsZoneRecord[] = [];
  for (const { id, ...record } of records) {
    const own = id === undefined ? undefined : unused.get(id);
    if (own) {
      unused.delete(own.id);
      if (key(own) !== key(record)) updates.push({ id: own.id, record });
    } else pending.push(record);
  }
  const inserts: DnsZoneRecord[] = [];
  for (const record of pending) {
    const same = [...unused.values()].find((row) => key(row) === key(record));
    if (same) unused.delete(same.id);
    else inserts.push(record);
  }
  if (unused.size > 0) await tx.delete(domainDnsRecords).where(and(eq(domainDnsRecords.domainId, domainId), inArray(domainDnsRecords.id, [...unused.keys()])));
  for (const { id, record } of updates) await tx.update(domainDnsRecords).set(record).where(eq(domainDnsRecords.id, id));
  await insertZoneRows(tx, domainId, inserts);
  return rows.map(({ id: _id, ...record }) => record);
}

/** Adds `records` to a domain's zone as new rows (of a new zone: all of them). */
export async function insertZoneRows(tx: Transaction, domainId: number, records: readonly DnsZoneRecord[]): Promise<void> {
  if (records.length > 0) await tx.insert(domainDnsRecords).values(records.map(({ name, type, value, priority, ttl }) => ({ name, type, value, priority, ttl, domainId })));
}
