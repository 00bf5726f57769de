import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { domains } from '../../db/schema/index.ts';

export interface DomainService {
  /** Whether the shop already administers this domain (for any customer). */
  isRegisteredInShop(domain: string): Promise<boolean>;
}

export function createDomainService(db: Database): DomainService {
  return {
    async isRegisteredInShop(domain) {
      const rows = await db.select({ id: domains.id }).from(domains).where(eq(domains.name, domain.toLowerCase())).limit(1);
      return rows.length > 0;
    },
  };
}
