import type { DnsZoneRecord } from '@kavel/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db/connect.ts';
import { domainDnsRecords } from '../../db/schema/index.ts';
import { nextTurn, runsOf } from './event-loop-turns.ts';

/**
 * Rows one statement writes at most: a zone of thousands of records is written in several
 * statements, each short enough that the embedded database holds the event loop only briefly.
 */
const ROWS_PER_STATEMENT = 200;

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
  // The rows nobody took by id, by content, each list in row order: a record without id takes the first.
  const sameContent = new Map<string, { rows: ZoneRow[]; next: number }>();
  for (const row of unused.values()) {
    const list = sameContent.get(key(row));
    if (list) list.rows.push(row);
    else sameContent.set(key(row), { rows: [row], next: 0 });
  }
  const inserts: DnsZoneRecord[] = [];
  for (const record of pending) {
    const list = sameContent.get(key(record));
    const same = list?.rows[list.next];
    if (list && same) {
      list.next++;
      unused.delete(same.id);
      kept.push(same);
    } else inserts.push(record);
  }
  // Matching a large zone's records to its rows took a turn's worth already: the statements start in a turn of their own.
  await nextTurn();
  for (const ids of runsOf([...unused.keys()], ROWS_PER_STATEMENT)) {
    await tx.delete(domainDnsRecords).where(and(eq(domainDnsRecords.domainId, domainId), inArray(domainDnsRecords.id, ids)));
    if (ids.length === ROWS_PER_STATEMENT) await nextTurn();
  }
  for (const run of runsOf(updates, ROWS_PER_STATEMENT)) {
    await updateZoneRows(tx, domainId, run);
    if (run.length === ROWS_PER_STATEMENT) await nextTurn();
  }
  const inserted = await insertZoneRows(tx, domainId, inserts);
  const after = [...kept, ...updates.map((row) => ({ ...fieldsOf(row), id: row.id })), ...inserted].sort((a, b) => a.id - b.id);
  return { before: rows.map(fieldsOf), after };
}

/** A record's own fields, without its id or anything else it carries. */
const fieldsOf = ({ name, type, value, priority, ttl }: DnsZoneRecord): DnsZoneRecord => ({ name, type, value, priority, ttl });

/**
 * A run of records as one JSON text, read by `json_to_recordset` in the statement: one parameter
 * for the whole run, however many rows it has, in the order given.
 */
const recordsJson = (records: ReadonlyArray<DnsZoneRecord & { id?: number }>) =>
  JSON.stringify(records.map(({ id, name, type, value, priority, ttl }) => ({ id: id ?? null, name, type, value, priority, ttl })));
const recordset = (records: ReadonlyArray<DnsZoneRecord & { id?: number }>) =>
  sql`rows from (json_to_recordset(${recordsJson(records)}::json) as (id integer, name text, type text, value text, priority integer, ttl integer)) with ordinality as v(id, name, type, value, priority, ttl, n)`;

/** Rows of the zone changed in place, in one statement: each keeps its id. */
async function updateZoneRows(tx: Transaction, domainId: number, rows: readonly ZoneRow[]): Promise<void> {
  if (rows.length === 1) {
    const [{ id, ...record }] = rows as [ZoneRow];
    await tx.update(domainDnsRecords).set(fieldsOf(record)).where(eq(domainDnsRecords.id, id));
    return;
  }
  await tx.execute(sql`update ${domainDnsRecords} set name = v.name, type = v.type, value = v.value, priority = v.priority, ttl = v.ttl
    from ${recordset(rows)}
    where ${domainDnsRecords.id} = v.id and ${domainDnsRecords.domainId} = ${domainId}`);
}

/** Adds `records` to a domain's zone as new rows (of a new zone: all of them), in runs; answers the rows in order. */
export async function insertZoneRows(tx: Transaction, domainId: number, records: readonly DnsZoneRecord[]): Promise<ZoneRow[]> {
  if (records.length === 1) return tx.insert(domainDnsRecords).values({ ...fieldsOf(records[0]!), domainId }).returning(rowColumns);
  const rows: ZoneRow[] = [];
  for (const run of runsOf(records, ROWS_PER_STATEMENT)) {
    // The embedded database answers through promises only: without a turn of its own, the first run would follow whatever came before it.
    await nextTurn();
    const inserted = await tx.execute(sql`insert into ${domainDnsRecords} (domain_id, name, type, value, priority, ttl)
      select ${domainId}::integer, v.name, v.type, v.value, v.priority, v.ttl
      from ${recordset(run)}
      order by v.n
      returning id, name, type, value, priority, ttl`);
    rows.push(...(inserted as unknown as { rows: ZoneRow[] }).rows);
  }
  return rows;
}
