import type { Locale, TCountry, TCustomerSummary, TStandardHolder, TWhoisHolder, TWhoisHolderForm, TWhoisList } from '@kavel/core';
import type { Database, Queryable } from '../../db/connect.ts';
import type { EventBus } from '../../events.ts';
import { fieldRefusal, refusal } from '../../http/errors.ts';
import { whoisRepository, type WhoisHolderRow, type WhoisHolderValues } from './whois-repository.ts';

export interface WhoisService {
  /** The customer's own holders, oldest first. */
  customLabels(customerId: number): Promise<Array<{ id: number; label: string }>>;
  list(customerId: number, locale: Locale): Promise<TWhoisList>;
  standard(customerId: number, locale: Locale): Promise<TStandardHolder>;
  get(customerId: number, id: number, locale: Locale): Promise<TWhoisHolder>;
  create(customerId: number, form: TWhoisHolderForm, locale: Locale): Promise<number>;
  update(customerId: number, id: number, form: TWhoisHolderForm, locale: Locale): Promise<TWhoisHolder>;
  remove(customerId: number, id: number, locale: Locale): Promise<void>;
  /** Whether the holder is the customer's; `q` lets the basket ask inside its transaction. */
  ownsHolder(customerId: number, id: number, q?: Queryable): Promise<boolean>;
}

export interface WhoisDeps {
  db: Database;
  now: () => Date;
  countries(): Promise<TCountry[]>;
  /** The customer's account data: the standard holder. */
  customer(customerId: number): Promise<TCustomerSummary | null>;
  /** `holder-deleted` is published after the delete committed (the basket forgets the holder). */
  events?: Pick<EventBus, 'publish'>;
}

/** 'Company, First Last' or 'First Last': how a holder is named in a list. */
export function holderLabel(holder: { company: string; forename: string; surname: string }): string {
  const name = `${holder.forename} ${holder.surname}`;
  return holder.company ? `${holder.company}, ${name}` : name;
}

function toWire(row: WhoisHolderRow): TWhoisHolder {
  const { customerId: _c, createdAt: _created, updatedAt: _updated, ...holder } = row;
  return { ...holder, isCompany: row.company !== '' };
}

/**
 * Domain holders (whois) of logged-in customers: the standard holder is the account's own data,
 * custom holders are stored per customer. Every query is scoped by the customer: another
 * customer's holder id answers 404, exactly like an unknown one.
 */
export function createWhoisService(deps: WhoisDeps): WhoisService {
  const { db } = deps;

  async function valuesOf(form: TWhoisHolderForm, locale: Locale): Promise<WhoisHolderValues> {
    const countries = await deps.countries();
    if (!countries.some((country) => country.code === form.country)) throw fieldRefusal(locale, 'country', 'country');
    const { isCompany: _isCompany, label, ...fields } = form;
    return { ...fields, label: label || holderLabel(fields) };
  }

  async function standard(customerId: number, locale: Locale): Promise<TStandardHolder> {
    const customer = await deps.customer(customerId);
    if (!customer) throw refusal(locale, 401, 'loginRequired');
    const company = customer.isCompany ? customer.companyName : '';
    return { label: holderLabel({ company, forename: customer.firstName, surname: customer.lastName }), email: customer.email, phone: customer.phoneNumber };
  }

  async function get(customerId: number, id: number, locale: Locale): Promise<TWhoisHolder> {
    const row = await whoisRepository.find(db, customerId, id);
    if (!row) throw refusal(locale, 404, 'notFound');
    return toWire(row);
  }

  return {
    customLabels: (customerId) => whoisRepository.listLabels(db, customerId),

    async list(customerId, locale) {
      const [custom, standardHolder] = await Promise.all([whoisRepository.listLabels(db, customerId), standard(customerId, locale)]);
      return { custom, standard: standardHolder };
    },

    standard,
    get,

    async create(customerId, form, locale) {
      const values = await valuesOf(form, locale);
      return db.transaction((tx) => whoisRepository.insert(tx, customerId, values));
    },

    async update(customerId, id, form, locale) {
      const values = await valuesOf(form, locale);
      const found = await db.transaction((tx) => whoisRepository.update(tx, customerId, id, values, deps.now()));
      if (!found) throw refusal(locale, 404, 'notFound');
      return get(customerId, id, locale);
    },

    async remove(customerId, id, locale) {
      await db.transaction(async (tx) => {
        if (!(await whoisRepository.delete(tx, customerId, id))) throw refusal(locale, 404, 'notFound');
      });
      await deps.events?.publish({ type: 'holder-deleted', customerId, holderId: id });
    },

    async ownsHolder(customerId, id, q = db) {
      return (await whoisRepository.find(q, customerId, id)) !== null;
    },
  };
}
