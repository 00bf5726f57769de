import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/connect.ts';
import { domainRedirects, domains } from '../../db/schema/index.ts';
import { textArray } from '../../db/sql-arrays.ts';
import { tickBatch } from '../../db/tick-batch.ts';

/** A domain an order brings in, as fulfilment records it. */
export interface OrderedDomain {
  name: string;
  customerId: number;
  orderId: number;
  status: 'active' | 'transfer_pending';
  expiresAt: Date;
}

/** A customer's domain as the account list shows it. */
export interface OwnedDomain {
  id: number;
  name: string;
  status: string;
  createdAt: Date;
  expiresAt: Date | null;
  redirectTo: string | null;
  /** The order that brought the domain in; null for domains the shop recorded otherwise. */
  orderId: number | null;
}

export interface DomainService {
  /** Whether the shop already administers this domain (for any customer). */
  isRegisteredInShop(domain: string): Promise<boolean>;
  /**
   * Records a domain the shop administers for a customer; a domain that is already there is left
   * as it is, except that a missing expiry date of the customer's domain is filled in. Answers
   * whether it was added.
   */
  addDomain(domain: string, customerId: number, dates?: { createdAt: Date; expiresAt: Date }): Promise<boolean>;
  /** Whether the shop administers this domain for this customer. */
  isOwnedBy(domain: string, customerId: number): Promise<boolean>;
  /**
   * Records a domain an order brought in, inside the caller's transaction. Answers its id (also
   * when this order recorded it before), or null when the shop holds the name otherwise.
   */
  recordOrdered(q: Queryable, domain: OrderedDomain): Promise<number | null>;
  /** Undo of `recordOrdered`: the domain goes, with its zone and forward. */
  removeOrdered(q: Queryable, domainId: number, orderId: number): Promise<void>;
  /** The customer's domains, by name. */
  listOwned(customerId: number): Promise<OwnedDomain[]>;
  /** The customer's domain with this id or name; null when there is none or it is someone else's. */
  findOwned(customerId: number, domain: number | string, q?: Queryable): Promise<OwnedDomainRef | null>;
}

/** A customer's domain as other features refer to it. */
export interface OwnedDomainRef {
  id: number;
  /** Lower case, Punycode. */
  name: string;
  extension: string;
  status: string;
  /** The order that brought the domain in; null for domains the shop recorded otherwise. */
  orderId: number | null;
}

/**
 * The names among `names` (lower case) that the shop holds, with one query. One array parameter
 * rather than one parameter per name: a burst of searches asks about thousands of names at once,
 * which PostgreSQL's 65,535 parameters would not hold, and which cost far more to build and parse
 * as a list. Planned at every call, not a named prepared statement: PostgreSQL keeps a generic
 * plan of a prepared statement after five calls, and one made while the table was small scans the
 * whole table and compares every row with every name asked, which grows with the table (1.4 s for
 * 4 000 names on 40 000 rows, docs/benchmarks.md section 2). Planned per call, the plan fits the
 * names asked and the table as it is.
 */
export function shopDomainsAmong(db: Database): (names: readonly string[]) => Promise<ReadonlySet<string>> {
  return async (names) =>
    new Set(
      (
        await db
          .select({ name: domains.name })
          .from(domains)
          .where(sql`${domains.name} = any(${textArray(names)})`)
      ).map((row) => row.name),
    );
}

/**
 * Collects the ownership questions asked within one tick and answers them with one query: a
 * search asks about forty domains at once, and forty round trips would cost more than the lookups.
 */
export function batchedOwnershipCheck(db: Database): (domain: string) => Promise<boolean> {
  const among = shopDomainsAmong(db);
  const owned = tickBatch<string, boolean>(async (asked) => new Map([...(await among([...asked.keys()]))].map((name) => [name, true])), false);
  return (domain) => owned(domain.toLowerCase());
}

export function createDomainService(db: Database): DomainService {
  return {
    isRegisteredInShop: batchedOwnershipCheck(db),

    async addDomain(domain, customerId, dates) {
      const name = domain.toLowerCase();
      const extension = name.slice(name.indexOf('.') + 1);
      if (!name.includes('.') || !extension) throw new Error(`not a full domain name: ${domain}`);
      const inserted = await db
        .insert(domains)
        .values({ name, extension, customerId, ...(dates ?? {}) })
        .onConflictDoNothing()
        .returning({ id: domains.id });
      if (inserted.length === 0 && dates) {
        await db
          .update(domains)
          .set({ expiresAt: dates.expiresAt })
          .where(and(eq(domains.name, name), eq(domains.customerId, customerId), isNull(domains.expiresAt)));
      }
      return inserted.length > 0;
    },

    async isOwnedBy(domain, customerId) {
      const [row] = await db
        .select({ id: domains.id })
        .from(domains)
        .where(and(eq(domains.name, domain.toLowerCase()), eq(domains.customerId, customerId)))
        .limit(1);
      return row !== undefined;
    },

    async recordOrdered(q, domain) {
      const name = domain.name.toLowerCase();
      const extension = name.slice(name.indexOf('.') + 1);
      if (!name.includes('.') || !extension) throw new Error(`not a full domain name: ${domain.name}`);
      const [inserted] = await q
        .insert(domains)
        .values({ name, extension, customerId: domain.customerId, orderId: domain.orderId, status: domain.status, expiresAt: domain.expiresAt })
        .onConflictDoNothing()
        .returning({ id: domains.id });
      if (inserted) return inserted.id;
      const [existing] = await q.select({ id: domains.id, customerId: domains.customerId, orderId: domains.orderId }).from(domains).where(eq(domains.name, name));
      return existing && existing.customerId === domain.customerId && existing.orderId === domain.orderId ? existing.id : null;
    },

    async removeOrdered(q, domainId, orderId) {
      await q.delete(domains).where(and(eq(domains.id, domainId), eq(domains.orderId, orderId)));
    },

    async listOwned(customerId) {
      return db
        .select({
          id: domains.id,
          name: domains.name,
          status: domains.status,
          createdAt: domains.createdAt,
          expiresAt: domains.expiresAt,
          redirectTo: domainRedirects.forwardTo,
          orderId: domains.orderId,
        })
        .from(domains)
        .leftJoin(domainRedirects, eq(domainRedirects.domainId, domains.id))
        .where(eq(domains.customerId, customerId))
        .orderBy(asc(domains.name));
    },

    async findOwned(customerId, domain, q = db) {
      const match = typeof domain === 'number' ? eq(domains.id, domain) : eq(domains.name, domain.toLowerCase());
      const [row] = await q
        .select({ id: domains.id, name: domains.name, extension: domains.extension, status: domains.status, orderId: domains.orderId })
        .from(domains)
        .where(and(match, eq(domains.customerId, customerId)))
        .limit(1);
      return row ?? null;
    },
  };
}
