import type { DnsZoneRecord } from '@kavel/core';
import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/connect.ts';
import { dnsZoneRevisions, type DnsZoneChange } from '../../db/schema/index.ts';
import { nextTurn, runsOf } from './event-loop-turns.ts';

/**
 * Records one statement adds to a revision's texts at most. The embedded database reads a JSON
 * text on this thread: a zone of thousands of records in one text held other requests up for
 * tens of milliseconds, a slice of this many only briefly.
 */
const RECORDS_PER_STATEMENT = 250;

/** Who made a revision and how, besides what it changed. */
export interface RevisionOf {
  domainId: number;
  revision: number;
  customerId: number | null;
  action: string;
}

const jsonOf = (records: readonly DnsZoneRecord[]) => JSON.stringify(records);

/**
 * Adds a revision to a zone's history inside the caller's transaction: the zone after the change
 * (`records`, in this order) and what changed. A large one is written as an empty revision whose
 * texts then grow slice by slice, with a turn of the event loop before each statement; within the
 * transaction nobody else sees it before it is whole.
 */
export async function insertRevision(tx: Transaction, revision: RevisionOf, records: readonly DnsZoneRecord[], changes: DnsZoneChange): Promise<void> {
  if (records.length + changes.added.length + changes.removed.length <= RECORDS_PER_STATEMENT) {
    await tx.insert(dnsZoneRevisions).values({ ...revision, changes, records: [...records] });
    return;
  }
  const [written] = await tx
    .insert(dnsZoneRevisions)
    .values({ ...revision, changes: { added: [], removed: [] }, records: [] })
    .returning({ id: dnsZoneRevisions.id });
  if (!written) throw new Error('revision insert returned nothing');
  const where = eq(dnsZoneRevisions.id, written.id);
  for (const run of runsOf(records, RECORDS_PER_STATEMENT)) {
    await nextTurn();
    await tx
      .update(dnsZoneRevisions)
      .set({ records: sql`${dnsZoneRevisions.records} || ${jsonOf(run)}::jsonb` })
      .where(where);
  }
  for (const part of ['added', 'removed'] as const) {
    for (const run of runsOf(changes[part], RECORDS_PER_STATEMENT)) {
      await nextTurn();
      await tx
        .update(dnsZoneRevisions)
        .set({ changes: sql`jsonb_set(${dnsZoneRevisions.changes}, ${`{${part}}`}::text[], (${dnsZoneRevisions.changes} -> ${part}::text) || ${jsonOf(run)}::jsonb)` })
        .where(where);
    }
  }
  await nextTurn();
}
