import { createHash, randomBytes } from 'node:crypto';
import type { TCustomerSummary } from '@kavel/core';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.ts';
import { accountTokens, customers, type AccountTokenPurpose } from '../../db/schema/index.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomer = Omit<typeof customers.$inferInsert, 'id' | 'createdAt'>;

/** SHA-256 of a link token; the token itself is only ever in the e-mail. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Data access of the accounts feature: customers and their link tokens. */
export const accountRepository = {
  async findByEmail(db: Queryable, email: string): Promise<CustomerRow | null> {
    const [row] = await db
      .select()
      .from(customers)
      .where(sql`lower(${customers.email}) = ${email.trim().toLowerCase()}`)
      .limit(1);
    return row ?? null;
  },

  /** How many of these addresses (lower case) have an account, in one query. */
  async countByEmails(db: Queryable, emails: readonly string[]): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(customers)
      .where(inArray(sql`lower(${customers.email})`, [...emails]));
    return row?.count ?? 0;
  },

  async findById(db: Queryable, id: number, options: { lock?: boolean } = {}): Promise<CustomerRow | null> {
    const query = db.select().from(customers).where(eq(customers.id, id)).limit(1);
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  },

  /** Inserts a customer unless the address is taken (case-insensitively); answers the new id or null. */
  async insertIfNew(db: Queryable, customer: NewCustomer): Promise<number | null> {
    const [row] = await db
      .insert(customers)
      .values({ ...customer, email: customer.email.trim().toLowerCase() })
      .onConflictDoNothing()
      .returning({ id: customers.id });
    return row?.id ?? null;
  },

  async update(db: Queryable, id: number, changes: Partial<NewCustomer>): Promise<void> {
    await db.update(customers).set(changes).where(eq(customers.id, id));
  },

  /** Approves the customer for ordering on account; an earlier approval keeps its date. */
  async approveOnAccount(db: Queryable, id: number, at: Date): Promise<void> {
    await db
      .update(customers)
      .set({ onAccountApprovedAt: at })
      .where(and(eq(customers.id, id), isNull(customers.onAccountApprovedAt)));
  },

  /** A new link token for a customer; earlier unused tokens of the same purpose stop working. */
  async issueToken(db: Queryable, customerId: number, purpose: AccountTokenPurpose, now: Date, validMs: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await db.delete(accountTokens).where(and(eq(accountTokens.customerId, customerId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
    await db.insert(accountTokens).values({ customerId, purpose, tokenHash: hashToken(token), createdAt: now, expiresAt: new Date(now.getTime() + validMs) });
    return token;
  },

  /** The customer a token still works for (unused, not expired), without using it. */
  async customerOfToken(db: Queryable, token: string, purpose: AccountTokenPurpose, now: Date): Promise<CustomerRow | null> {
    const [row] = await db
      .select({ customer: customers })
      .from(accountTokens)
      .innerJoin(customers, eq(customers.id, accountTokens.customerId))
      .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
      .limit(1);
    return row?.customer ?? null;
  },

  /**
   * Uses a token: of concurrent tries exactly one gets the customer id (the update takes the row
   * lock and re-checks `used_at`); the others, and unknown or expired tokens, get null.
   */
  async useToken(db: Queryable, token: string, purpose: AccountTokenPurpose, now: Date): Promise<number | null> {
    const [row] = await db
      .update(accountTokens)
      .set({ usedAt: now })
      .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
      .returning({ customerId: accountTokens.customerId });
    return row?.customerId ?? null;
  },

  async dropUnusedTokens(db: Queryable, customerId: number, purpose: AccountTokenPurpose): Promise<void> {
    await db.delete(accountTokens).where(and(eq(accountTokens.customerId, customerId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
  },

  async purgeTokensExpiredBefore(db: Queryable, before: Date): Promise<void> {
    await db.delete(accountTokens).where(sql`${accountTokens.expiresAt} < ${before}`);
  },
};

/** The customer as the order page sees them; never the hash or the state. */
export function customerSummary(row: CustomerRow): TCustomerSummary {
  return {
    id: row.id,
    email: row.email,
    isCompany: row.isCompany,
    companyName: row.companyName,
    firstName: row.firstName,
    lastName: row.lastName,
    street: row.street,
    streetNumber: row.streetNumber,
    streetNumberAddition: row.streetNumberAddition,
    postCode: row.postCode,
    city: row.city,
    countryId: row.countryId,
    phoneNumber: row.phoneNumber,
    isReseller: row.isReseller,
    staffel: row.staffel,
    isSubUser: row.isSubUser,
  };
}
