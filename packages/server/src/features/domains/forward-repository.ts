import type { TForward, TForwardRecord, TReplacedRecord } from '@kavel/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.ts';
import { domainRedirects, domains } from '../../db/schema/index.ts';

/** A domain's forward as stored, with the records it wrote into the zone and those it replaced there. */
export interface StoredForward extends TForward {
  forwardOption: 'HTTP' | 'IFRAME' | 'DNS';
  dnsRecords: TForwardRecord[];
  /** Absent in an order's undo snapshot taken before migration 0023. */
  replacedRecords?: TReplacedRecord[];
}

/** What the responder needs of a forward, found by the name it was asked for. */
export interface ResponderForward {
  /** The domain the forward belongs to (lower case, Punycode). */
  domain: string;
  forwardOption: 'HTTP' | 'IFRAME';
  forwardTo: string;
  redirectStatus: 301 | 302;
  keepPath: boolean;
  frameTitle: string;
}

const forwardColumns = {
  forwardOption: domainRedirects.forwardOption,
  forwardTo: domainRedirects.forwardTo,
  redirectStatus: domainRedirects.redirectStatus,
  keepPath: domainRedirects.keepPath,
  frameTitle: domainRedirects.frameTitle,
  dnsRecords: domainRedirects.dnsRecords,
  replacedRecords: domainRedirects.replacedRecords,
};

/** The domain's forward; `lock` holds its row until the transaction ends. */
export async function forwardOf(q: Queryable, domainId: number, lock = false): Promise<StoredForward | null> {
  const query = q.select(forwardColumns).from(domainRedirects).where(eq(domainRedirects.domainId, domainId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Stores the domain's forward, or removes it (null: NONE). */
export async function storeForward(q: Queryable, domainId: number, forward: StoredForward | null, orderId: number | null = null): Promise<void> {
  if (!forward) {
    await q.delete(domainRedirects).where(eq(domainRedirects.domainId, domainId));
    return;
  }
  const { forwardOption, forwardTo, redirectStatus, keepPath, frameTitle, dnsRecords, replacedRecords = [] } = forward;
  const values = { forwardOption, forwardTo, redirectStatus, keepPath, frameTitle, dnsRecords, replacedRecords, updatedAt: new Date() };
  await q
    .insert(domainRedirects)
    .values({ domainId, orderId, ...values })
    .onConflictDoUpdate({ target: domainRedirects.domainId, set: orderId === null ? values : { ...values, orderId } });
}

/** The forwards the responder answers (HTTP and IFRAME) of these domain names. */
export async function responderForwards(q: Queryable, names: readonly string[]): Promise<ResponderForward[]> {
  if (names.length === 0) return [];
  return q
    .select({
      domain: domains.name,
      forwardOption: domainRedirects.forwardOption,
      forwardTo: domainRedirects.forwardTo,
      redirectStatus: domainRedirects.redirectStatus,
      keepPath: domainRedirects.keepPath,
      frameTitle: domainRedirects.frameTitle,
    })
    .from(domainRedirects)
    .innerJoin(domains, eq(domains.id, domainRedirects.domainId))
    .where(and(inArray(domains.name, [...names]), inArray(domainRedirects.forwardOption, ['HTTP', 'IFRAME']))) as Promise<ResponderForward[]>;
}
