import type { DnsZoneRecord } from '@kavel/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db/connect.ts';
import { domainDnsRecords } from '../../db/schema/index.ts';

/** A zone record with its row id when it is one the zone already holds. */
export type ZoneRecordWithId = DnsZoneRecord & { id?: number };

const key = (record: DnsZoneRecord) => `${record.name} ${record.type} ${record.priority ?? ''} ${record.ttl} ${record.value}`;

/** A zone record as its row holds it, with its id. */
export type ZoneRow = DnsZoneRecord & { id: number };

const rowColumns = {
  id: domainDnsRecords.id,
  name: domainDnsRecords.name,
  type: domainDnsRecords.type,
  value: domainDnsRecords.value,
  priority: domainDnsRecords.priority,
  ttl: domainDnsRecords.ttl,
};

/** A domain's records with their ids, in the order they were written. */
export function zoneRows(q: Queryable, domainId: number): Promise<ZoneRow[]> {
  return q.select(rowColumns).from(domainDnsRecords).where(eq(domainDnsRecords.domainId, domainId)).orderBy(asc(domainDnsRecords.id));
}

/**
 * Makes a domain's record rows equal `records` while keeping ids stable: a record with the id
 * of one of the zone's rows updates that row; one without an id takes over an unused row with
 * the same content; the rest is inserted, and rows nobody took are deleted. `current` is the
 * zone's rows when the caller read them under the zone's lock (read here otherwise). Answers the
 * zone's records before the change, and its rows after it, both in row order.
 */
export async function syncZoneRows(
  tx: Transaction,
  domainId: number,
  records: readonly ZoneRecordWithId[],
  current?: readonly ZoneRow[],
): Promise<{ before: DnsZoneRecord[]; after: ZoneRow[] }> {
  const rows = current ?? (await zoneRows(tx, domainId));
  const unused = new Map(rows.map((row) => [row.id, row]));
  const kept: ZoneRow[] = [];
  const updates: ZoneRow[] = [];
  const pending: DnsZoneRecord[] = [];
  for (const { id, ...record } of records) {
    const own = id === undefined ? undefined : unused.get(id);
    if (own) {
      unused.delete(own.id);
      if (key(own) !== key(record)) updates.push({ ...record, id: own.id });
      else kept.push(own);
    } else pending.push(record);
  }
  const inserts: DnsZoneRecord[] = [];
  for (const record of pending) {
    const same = [...unused.values()].find((row) => key(row) === key(record));
    if (same) {
      unused.delete(same.id);
      kept.push(same);
    } else inserts.push(record);
  }
  if (unused.size > 0) await tx.delete(domainDnsRecords).where(and(eq(domainDnsRecords.domainId, domainId), inArray(domainDnsRecords.id, [...unused.keys()])));
  for (const { id, ...record } of updates) await tx.update(domainDnsRecords).set(fieldsOf(record)).where(eq(domainDnsRecords.id, id));
  const inserted = await insertZoneRows(tx, domainId, inserts);
  const after = [...kept, ...updates.map((row) => ({ ...fieldsOf(row), id: row.id })), ...inserted].sort((a, b) => a.id - b.id);
  return { before: rows.map(fieldsOf), after };
}

/** A record's own fields, without its id or anything else it carries. */
const fieldsOf = ({ name, type, value, priority, ttl }: DnsZoneRecord): DnsZoneRecord => ({ name, type, value, priority, ttl });

/** Adds `records` to a domain's zone as new rows (of a new zone: all of them); answers the rows. */
export async function insertZoneRows(tx: Transaction, domainId: number, records: readonly DnsZoneRecord[]): Promise<ZoneRow[]> {
  if (records.length === 0) return [];
  return tx
    .insert(domainDnsRecords)
    .values(records.map((record) => ({ ...fieldsOf(record), domainId })))
    .returning(rowColumns);
}
