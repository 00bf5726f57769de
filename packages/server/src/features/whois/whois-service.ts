import type { Locale, TCountry, TCustomerSummary, THolderSource, TStandardHolder, TStandardHolderForm, TWhoisDomainQuery, TWhoisDomains, TWhoisHolder, TWhoisHolderForm, TWhoisList } from '@kavel/core';
import type { Database, Queryable, Transaction } from '../../db/connect.ts';
import type { EventBus } from '../../events.ts';
import { fieldRefusal, refusal } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { DomainHolderOrigin } from './domain-holder-service.ts';
import type { HolderSnapshot } from '../../db/schema/index.ts';
import { standardHolderSnapshot } from '../orders/order-lines.ts';
import { domainHolderRepository, STANDARD_ORIGIN } from './domain-holder-repository.ts';
import { requestHolderSync } from './holder-registry-sync.ts';
import { whoisRepository, type WhoisHolderRow, type WhoisHolderValues } from './whois-repository.ts';

export interface WhoisService {
  /** The customer's own holders, oldest first. */
  customLabels(customerId: number): Promise<Array<{ id: number; label: string }>>;
  list(customerId: number, locale: Locale): Promise<TWhoisList>;
  standard(customerId: number, locale: Locale): Promise<TStandardHolder>;
  /** The standard holder's label, e-mail address and phone; the domains that have it follow, through the registry. */
  updateStandard(customerId: number, form: TStandardHolderForm, locale: Locale): Promise<TStandardHolder>;
  get(customerId: number, id: number, locale: Locale): Promise<TWhoisHolder>;
  create(customerId: number, form: TWhoisHolderForm, locale: Locale): Promise<number>;
  /**
   * `create` in the caller's transaction (an order that brings its holder): refused or rolled back,
   * no holder stays; a holder equal to one the customer already has is that one, not a copy.
   */
  createIn(tx: Transaction, customerId: number, form: TWhoisHolderForm, locale: Locale): Promise<TWhoisHolder>;
  /** Changes the holder; the domains that have it follow, through the registry. */
  update(customerId: number, id: number, form: TWhoisHolderForm, locale: Locale): Promise<TWhoisHolder>;
  remove(customerId: number, id: number, locale: Locale): Promise<void>;
  /** whoisCheck: the holder of one of the customer's domains; or the domains that have one holder. */
  domains(customerId: number, query: TWhoisDomainQuery, locale: Locale): Promise<TWhoisDomains>;
  /** Whether the holder is the customer's; `q` lets the basket ask inside its transaction. */
  ownsHolder(customerId: number, id: number, q?: Queryable): Promise<boolean>;
  /** The standard holder as a new registration records it (`StandardHolderOf`). */
  standardSnapshot(customer: TCustomerSummary, countries: readonly TCountry[]): Promise<HolderSnapshot>;
}

/** The account's name and address with the e-mail address and phone the customer set for the standard holder. */
export async function standardHolderSnapshotOf(q: Queryable, customer: TCustomerSummary, countries: readonly TCountry[]): Promise<HolderSnapshot> {
  const account = standardHolderSnapshot(customer, countries);
  const own = await whoisRepository.findStandard(q, customer.id);
  return own ? { ...account, email: own.email, phone: own.phone } : account;
}

export interface WhoisDeps {
  db: Database;
  now: () => Date;
  jobs: JobQueue;
  countries(): Promise<TCountry[]>;
  /** The customer's account data: the standard holder. */
  customer(customerId: number): Promise<TCustomerSummary | null>;
  /** Where each of the customer's domains has its holder from. */
  holderOrigins(customerId: number): Promise<DomainHolderOrigin[]>;
  /** `holder-deleted` is published after the delete committed (the basket forgets the holder). */
  events?: Pick<EventBus, 'publish'>;
}

/** 'Company, First Last' or 'First Last': how a holder is named in a list. */
export function holderLabel(holder: { company: string; forename: string; surname: string }): string {
  const name = `${holder.forename} ${holder.surname}`;
  return holder.company ? `${holder.company}, ${name}` : name;
}

function toWire(row: WhoisHolderRow, domains: string[]): TWhoisHolder {
  const { customerId: _c, createdAt: _created, updatedAt: _updated, ...holder } = row;
  return { ...holder, isCompany: row.company !== '', domains };
}

/** Which holder a domain's origin names: `standard`, a holder id, or null (set for the domain alone). */
const holderKey = ({ origin }: DomainHolderOrigin): 'standard' | number | null => (origin.usesStandard ? 'standard' : origin.whoisHolderId);

/**
 * Domain holders (whois) of logged-in customers: the standard holder is the account's own data
 * (with a label, e-mail address and phone of its own once changed), custom holders are stored per
 * customer. A change to a holder reaches every domain that has it, and the registry by a job.
 * Every query is scoped by the customer: another customer's holder id answers 404, exactly like
 * an unknown one.
 */
export function createWhoisService(deps: WhoisDeps): WhoisService {
  const { db } = deps;

  async function valuesOf(form: TWhoisHolderForm, locale: Locale): Promise<WhoisHolderValues> {
    const countries = await deps.countries();
    if (!countries.some((country) => country.code === form.country)) throw fieldRefusal(locale, 'country', 'country');
    const { isCompany: _isCompany, label, ...fields } = form;
    return { ...fields, label: label || holderLabel(fields) };
  }

  async function domainsWith(customerId: number, key: 'standard' | number): Promise<string[]> {
    return (await deps.holderOrigins(customerId)).filter((origin) => holderKey(origin) === key).map((origin) => origin.domain);
  }

  async function standard(customerId: number, locale: Locale, domains?: string[]): Promise<TStandardHolder> {
    const [customer, own] = await Promise.all([deps.customer(customerId), whoisRepository.findStandard(db, customerId)]);
    if (!customer) throw refusal(locale, 401, 'loginRequired');
    const company = customer.isCompany ? customer.companyName : '';
    const label = own?.label || holderLabel({ company, forename: customer.firstName, surname: customer.lastName });
    return { label, email: own?.email ?? customer.email, phone: own?.phone ?? customer.phoneNumber, domains: domains ?? (await domainsWith(customerId, 'standard')) };
  }

  async function get(customerId: number, id: number, locale: Locale): Promise<TWhoisHolder> {
    const row = await whoisRepository.find(db, customerId, id);
    if (!row) throw refusal(locale, 404, 'notFound');
    return toWire(row, await domainsWith(customerId, id));
  }

  /** The registry jobs of the domains a change reached, in the change's transaction. */
  async function syncDomains(tx: Transaction, reached: readonly DomainHolderOrigin[]): Promise<void> {
    for (const { domainId, domain } of reached) await requestHolderSync(deps.jobs, tx, { domainId, domain });
  }

  return {
    standardSnapshot: (customer, countries) => standardHolderSnapshotOf(db, customer, countries),

    customLabels: (customerId) => whoisRepository.listLabels(db, customerId),

    async list(customerId, locale) {
      const [labels, origins] = await Promise.all([whoisRepository.listLabels(db, customerId), deps.holderOrigins(customerId)]);
      const domainsOf = (key: 'standard' | number) => origins.filter((origin) => holderKey(origin) === key).map((origin) => origin.domain);
      return { custom: labels.map((holder) => ({ ...holder, domains: domainsOf(holder.id) })), standard: await standard(customerId, locale, domainsOf('standard')) };
    },

    standard: (customerId, locale) => standard(customerId, locale),

    async updateStandard(customerId, form, locale) {
      const [customer, countries, origins] = await Promise.all([deps.customer(customerId), deps.countries(), deps.holderOrigins(customerId)]);
      if (!customer) throw refusal(locale, 401, 'loginRequired');
      // Every domain with the standard holder gets it whole (the account's name and address, with
      // the e-mail address and phone given here), also one recorded before holders were stored.
      const { customWhoisId: _id, ...account } = standardHolderSnapshot(customer, countries);
      const holder = { ...account, gender: 'M' as const, vat: '', email: form.email, phone: form.phone };
      const reached = origins.filter((origin) => holderKey(origin) === 'standard');
      await db.transaction(async (tx) => {
        await whoisRepository.saveStandard(tx, customerId, { label: form.label, email: form.email, phone: form.phone }, deps.now());
        for (const origin of reached) await domainHolderRepository.save(tx, origin.domainId, holder, STANDARD_ORIGIN, deps.now());
        await syncDomains(tx, reached);
      });
      return standard(customerId, locale);
    },

    get,

    async create(customerId, form, locale) {
      const values = await valuesOf(form, locale);
      return db.transaction((tx) => whoisRepository.insert(tx, customerId, values));
    },

    async createIn(tx, customerId, form, locale) {
      const values = await valuesOf(form, locale);
      const same = await whoisRepository.findEqual(tx, customerId, values);
      const row = same ?? (await whoisRepository.find(tx, customerId, await whoisRepository.insert(tx, customerId, values)));
      if (!row) throw new Error('holder was not written');
      return toWire(row, []);
    },

    async update(customerId, id, form, locale) {
      const values = await valuesOf(form, locale);
      const { label: _label, ...holder } = values;
      const origins = await deps.holderOrigins(customerId);
      const reached = origins.filter((origin) => holderKey(origin) === id);
      const found = await db.transaction(async (tx) => {
        if (!(await whoisRepository.update(tx, customerId, id, values, deps.now()))) return false;
        // Every domain with this holder gets it whole, also one recorded before holders were stored.
        for (const origin of reached) await domainHolderRepository.save(tx, origin.domainId, holder, { usesStandard: false, whoisHolderId: id }, deps.now());
        await syncDomains(tx, reached);
        return true;
      });
      if (!found) throw refusal(locale, 404, 'notFound');
      return get(customerId, id, locale);
    },

    async remove(customerId, id, locale) {
      await db.transaction(async (tx) => {
        if (!(await whoisRepository.delete(tx, customerId, id))) throw refusal(locale, 404, 'notFound');
      });
      await deps.events?.publish({ type: 'holder-deleted', customerId, holderId: id });
    },

    async domains(customerId, query, locale) {
      const [origins, labels, standardHolder] = await Promise.all([deps.holderOrigins(customerId), whoisRepository.listLabels(db, customerId), standard(customerId, locale, [])]);
      const labelOf = new Map(labels.map((holder) => [holder.id, holder.label]));
      const sourceOf = (origin: DomainHolderOrigin): THolderSource => {
        const key = holderKey(origin);
        if (key === 'standard') return { kind: 'standard', id: null, label: standardHolder.label };
        if (key === null) return { kind: 'own', id: null, label: '' };
        return { kind: 'custom', id: key, label: labelOf.get(key) ?? '' };
      };
      if (query.domain !== undefined) {
        const origin = origins.find((candidate) => candidate.domain === query.domain);
        if (!origin) throw refusal(locale, 404, 'notFound');
        return { domains: [{ domain: origin.domain, holder: sourceOf(origin) }] };
      }
      const key = query.whois ?? 'standard';
      if (key !== 'standard' && !labelOf.has(key)) throw refusal(locale, 404, 'notFound');
      return { domains: origins.filter((origin) => holderKey(origin) === key).map((origin) => ({ domain: origin.domain, holder: sourceOf(origin) })) };
    },

    async ownsHolder(customerId, id, q = db) {
      return (await whoisRepository.find(q, customerId, id)) !== null;
    },
  };
}
