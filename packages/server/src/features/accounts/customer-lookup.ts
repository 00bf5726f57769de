import type { Locale, TCustomerSummary } from '@kavel/core';
import { inArray } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/connect.ts';
import { customers } from '../../db/schema/index.ts';
import { accountRepository, customerSummary } from './account-repository.ts';

/**
 * An active customer's account data, as features show it (the standard domain holder), with the
 * language the shop writes to them in (an order's confirmation mail, without reading them again)
 * and whether staff approved them for ordering on account (one of core's `TOnAccountFacts`).
 */
export type ShopCustomer = TCustomerSummary & { language: Locale; onAccountApproved: boolean };

/** The account data of an active customer; null for an unknown or inactive one. */
export type CustomerLookup = (customerId: number) => Promise<ShopCustomer | null>;

export function createCustomerLookup(db: Database): CustomerLookup {
  return async (customerId) => {
    const row = await accountRepository.findById(db, customerId);
    return row && row.state === 'active' ? { ...customerSummary(row), language: row.language, onAccountApproved: row.onAccountApprovedAt !== null } : null;
  };
}

/** Whose account data a logged-in customer acts on: its own, or for a sub-user its parent's, to view only. */
export interface ActingCustomer {
  ownerId: number;
  subUser: boolean;
}

export interface AccountDirectory {
  /** Null for an unknown or inactive customer, or a sub-user without a parent. */
  actingAs(customerId: number, q?: Queryable): Promise<ActingCustomer | null>;
  /** The e-mail addresses of these customers, for histories that say who did what. */
  emails(customerIds: readonly number[]): Promise<Map<number, string>>;
}

export function createAccountDirectory(db: Database): AccountDirectory {
  return {
    async actingAs(customerId, q = db) {
      const row = await accountRepository.findById(q, customerId);
      if (!row || row.state !== 'active') return null;
      if (!row.isSubUser) return { ownerId: row.id, subUser: false };
      return row.parentCustomerId === null ? null : { ownerId: row.parentCustomerId, subUser: true };
    },
    async emails(customerIds) {
      if (customerIds.length === 0) return new Map();
      const rows = await db.select({ id: customers.id, email: customers.email }).from(customers).where(inArray(customers.id, [...new Set(customerIds)]));
      return new Map(rows.map((row) => [row.id, row.email]));
    },
  };
}
