import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/connect.ts';
import { hostingAccountExtras, hostingAccounts, type HostingAccountStatus } from '../../db/schema/index.ts';

/** A customer's hosting account as other features need it (the basket's hosting entries). */
export interface OwnedHostingAccount {
  id: number;
  domain: string;
  productId: number;
  productCode: string;
  extraProductIds: number[];
}

/** An account as fulfilment needs it: whose it is and how the platform knows it. */
export interface HostingAccountRef {
  id: number;
  customerId: number;
  domain: string;
  productId: number;
  productCode: string;
  providerRef: string;
  /** The order that made it (null for older accounts). */
  orderId: number | null;
}

/** A new account, as fulfilment records it once the platform made it. */
export interface NewHostingAccount {
  customerId: number;
  domain: string;
  productId: number;
  productCode: string;
  username: string;
  providerRef: string;
  cmsInstall: string | null;
  orderId: number;
}

/** An account as the customer's list shows it. */
export interface ListedHostingAccount {
  id: number;
  domain: string;
  productId: number;
  productCode: string;
  status: HostingAccountStatus;
  username: string;
  cmsInstall: string | null;
  createdAt: Date;
  extras: Array<{ productId: number; productCode: string }>;
}

export interface HostingService {
  /** The customer's hosting account with this id; null when there is none or it is someone else's. */
  findOwned(customerId: number, hostingAccountId: number): Promise<OwnedHostingAccount | null>;
  /** The account on this domain, whoever's it is; null when there is none. */
  findByDomain(domain: string, q?: Queryable): Promise<HostingAccountRef | null>;
  /** Of these domains, the ones that have a hosting account. */
  domainsWithAccount(domains: readonly string[]): Promise<Set<string>>;
  /** The product ids of the extras the customer's (not cancelled) account on this domain has; empty without one. */
  activeExtraIds(customerId: number, domain: string, q?: Queryable): Promise<ReadonlySet<number>>;
  /** The customer's accounts with their extras, by domain. */
  listOwned(customerId: number): Promise<ListedHostingAccount[]>;
  /** Records an account inside the caller's transaction; answers its id. */
  insertAccount(q: Queryable, account: NewHostingAccount): Promise<number>;
  /** Undo of `insertAccount`; its extras go with it. */
  removeAccount(q: Queryable, accountId: number): Promise<void>;
  setPackage(q: Queryable, accountId: number, productId: number, productCode: string): Promise<void>;
  /** Answers whether the extra was added (false: the account had it already). */
  addExtra(q: Queryable, accountId: number, extra: { productId: number; productCode: string; orderId: number }): Promise<boolean>;
  removeExtra(q: Queryable, accountId: number, productId: number): Promise<void>;
}

const refColumns = {
  id: hostingAccounts.id,
  customerId: hostingAccounts.customerId,
  domain: hostingAccounts.domain,
  productId: hostingAccounts.productId,
  productCode: hostingAccounts.productCode,
  providerRef: hostingAccounts.providerRef,
  orderId: hostingAccounts.orderId,
};

export function createHostingService(db: Database): HostingService {
  return {
    async findOwned(customerId, hostingAccountId) {
      const [account] = await db
        .select({ id: hostingAccounts.id, domain: hostingAccounts.domain, productId: hostingAccounts.productId, productCode: hostingAccounts.productCode })
        .from(hostingAccounts)
        .where(and(eq(hostingAccounts.id, hostingAccountId), eq(hostingAccounts.customerId, customerId)));
      if (!account) return null;
      const extras = await db.select({ productId: hostingAccountExtras.productId }).from(hostingAccountExtras).where(eq(hostingAccountExtras.hostingAccountId, account.id));
      return { ...account, extraProductIds: extras.map((e) => e.productId) };
    },

    async findByDomain(domain, q = db) {
      const [account] = await q.select(refColumns).from(hostingAccounts).where(eq(hostingAccounts.domain, domain.toLowerCase()));
      return account ?? null;
    },

    async domainsWithAccount(domains) {
      if (domains.length === 0) return new Set();
      const rows = await db
        .select({ domain: hostingAccounts.domain })
        .from(hostingAccounts)
        .where(inArray(hostingAccounts.domain, domains.map((domain) => domain.toLowerCase())));
      return new Set(rows.map((row) => row.domain));
    },

    async activeExtraIds(customerId, domain, q = db) {
      const rows = await q
        .select({ productId: hostingAccountExtras.productId })
        .from(hostingAccountExtras)
        .innerJoin(hostingAccounts, eq(hostingAccounts.id, hostingAccountExtras.hostingAccountId))
        .where(and(eq(hostingAccounts.customerId, customerId), eq(hostingAccounts.domain, domain.toLowerCase()), ne(hostingAccounts.status, 'cancelled')));
      return new Set(rows.map((row) => row.productId));
    },

    async listOwned(customerId) {
      const accounts = await db
        .select({
          id: hostingAccounts.id,
          domain: hostingAccounts.domain,
          productId: hostingAccounts.productId,
          productCode: hostingAccounts.productCode,
          status: hostingAccounts.status,
          username: hostingAccounts.username,
          cmsInstall: hostingAccounts.cmsInstall,
          createdAt: hostingAccounts.createdAt,
        })
        .from(hostingAccounts)
        .where(eq(hostingAccounts.customerId, customerId))
        .orderBy(asc(hostingAccounts.domain));
      if (accounts.length === 0) return [];
      const extras = await db
        .select({ accountId: hostingAccountExtras.hostingAccountId, productId: hostingAccountExtras.productId, productCode: hostingAccountExtras.productCode })
        .from(hostingAccountExtras)
        .where(inArray(hostingAccountExtras.hostingAccountId, accounts.map((account) => account.id)))
        .orderBy(asc(hostingAccountExtras.id));
      return accounts.map((account) => ({
        ...account,
        extras: extras.filter((extra) => extra.accountId === account.id).map(({ productId, productCode }) => ({ productId, productCode })),
      }));
    },

    async insertAccount(q, account) {
      const [row] = await q
        .insert(hostingAccounts)
        .values({ ...account, domain: account.domain.toLowerCase() })
        .returning({ id: hostingAccounts.id });
      if (!row) throw new Error('hosting account insert returned nothing');
      return row.id;
    },

    async removeAccount(q, accountId) {
      await q.delete(hostingAccounts).where(eq(hostingAccounts.id, accountId));
    },

    async setPackage(q, accountId, productId, productCode) {
      await q.update(hostingAccounts).set({ productId, productCode }).where(eq(hostingAccounts.id, accountId));
    },

    async addExtra(q, accountId, extra) {
      const inserted = await q
        .insert(hostingAccountExtras)
        .values({ hostingAccountId: accountId, ...extra })
        .onConflictDoNothing()
        .returning({ id: hostingAccountExtras.id });
      return inserted.length > 0;
    },

    async removeExtra(q, accountId, productId) {
      await q.delete(hostingAccountExtras).where(and(eq(hostingAccountExtras.hostingAccountId, accountId), eq(hostingAccountExtras.productId, productId)));
    },
  };
}
