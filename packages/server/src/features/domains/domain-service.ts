import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { domains } from '../../db/schema/index.ts';

export interface DomainService {
  /** Whether the shop already administers this domain (for any customer). */
  isRegisteredInShop(domain: string): Promise<boolean>;
  /**
   * Records a domain the shop administers for a customer; a domain that is already there is left
   * as it is. Answers whether it was added.
   */
  addDomain(domain: string, customerId: number): Promise<boolean>;
  /** Whether the shop administers this domain for this customer. */
  isOwnedBy(domain: string, customerId: number): Promise<boolean>;
}

interface Waiter {
  resolve(owned: boolean): void;
  reject(error: unknown): void;
}

/**
 * Collects the ownership questions asked within one tick and answers them with one query: a
 * search asks about forty domains at once, and forty round trips would cost more than the lookups.
 */
function batchedOwnershipCheck(db: Database): (domain: string) => Promise<boolean> {
  let pending: Map<string, Waiter[]> | null = null;
  const flush = async (batch: Map<string, Waiter[]>) => {
    try {
      const rows = await db.select({ name: domains.name }).from(domains).where(inArray(domains.name, [...batch.keys()]));
      const owned = new Set(rows.map((r) => r.name));
      for (const [name, waiters] of batch) for (const waiter of waiters) waiter.resolve(owned.has(name));
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  };
  return (domain) =>
    new Promise<boolean>((resolve, reject) => {
      const name = domain.toLowerCase();
      let batch = pending;
      if (!batch) {
        const fresh = new Map<string, Waiter[]>();
        pending = batch = fresh;
        setImmediate(() => {
          pending = null;
          void flush(fresh);
        });
      }
      batch.set(name, [...(batch.get(name) ?? []), { resolve, reject }]);
    });
}

export function createDomainService(db: Database): DomainService {
  return {
    isRegisteredInShop: batchedOwnershipCheck(db),

    async addDomain(domain, customerId) {
      const name = domain.toLowerCase();
      const extension = name.slice(name.indexOf('.') + 1);
      if (!name.includes('.') || !extension) throw new Error(`not a full domain name: ${domain}`);
      const inserted = await db.insert(domains).values({ name, extension, customerId }).onConflictDoNothing().returning({ id: domains.id });
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
  };
}
