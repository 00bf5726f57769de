import type { Locale, TCountry, TDomainHolder, TDomainWhois, TWhoisHolderForm } from '@kavel/core';
import type { Database, Transaction } from '../../db/connect.ts';
import type { HolderSnapshot } from '../../db/schema/index.ts';
import { fieldRefusal, refusal } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { AccountDirectory, CustomerLookup } from '../accounts/customer-lookup.ts';
import type { DomainService } from '../domains/domain-service.ts';
import { standardHolderSnapshotOf } from './whois-service.ts';
import { domainHolderRepository, OWN_ORIGIN, STANDARD_ORIGIN, type DomainHolderRow, type HolderOrigin } from './domain-holder-repository.ts';
import { requestHolderSync } from './holder-registry-sync.ts';

/** One of the customer's domains and where its holder comes from. */
export interface DomainHolderOrigin {
  domainId: number;
  domain: string;
  origin: HolderOrigin;
}

export interface DomainHolderService {
  /** The holder of the customer's domain (a sub-user's: its parent's); 404 for a domain that is not the customer's. */
  get(customerId: number, domain: string, locale: Locale): Promise<TDomainWhois>;
  /**
   * Sets the holder of the customer's domain, for this domain alone, and writes the job that
   * gives the registry the change; 403 for a sub-user, 404 for someone else's domain.
   */
  update(customerId: number, domain: string, form: TWhoisHolderForm, locale: Locale): Promise<TDomainWhois>;
  /** Fulfilment: the holder a new domain was registered with, in the step's transaction. */
  recordRegistered(tx: Transaction, domainId: number, holder: HolderSnapshot): Promise<void>;
  /** Where each of the customer's domains has its holder from, by name. */
  origins(customerId: number): Promise<DomainHolderOrigin[]>;
}

export interface DomainHolderDeps {
  db: Database;
  now: () => Date;
  jobs: JobQueue;
  domains: Pick<DomainService, 'findOwned' | 'listOwned'>;
  customer: CustomerLookup;
  /** Who a login acts for: a sub-user reads its parent's domains. */
  accounts: Pick<AccountDirectory, 'actingAs'>;
  countries(): Promise<TCountry[]>;
  /** The orders feature: the holder an order registered the domain with. */
  purchasedHolder(customerId: number, orderId: number, domain: string): Promise<HolderSnapshot | null>;
}

const fromRow = ({ domainId: _d, updatedAt: _u, usesStandard: _s, whoisHolderId: _w, ...holder }: DomainHolderRow): TDomainHolder => ({ ...holder, isCompany: holder.company !== '' });

const fromSnapshot = ({ customWhoisId: _id, ...holder }: HolderSnapshot): TDomainHolder => ({ ...holder, isCompany: holder.company !== '', gender: 'M', vat: '' });

const originOf = (snapshot: HolderSnapshot | null): HolderOrigin => (snapshot?.customWhoisId ? { usesStandard: false, whoisHolderId: snapshot.customWhoisId } : STANDARD_ORIGIN);

/**
 * The current holder of each of a customer's domains (spec 001 sections 3 and 7). It is stored on
 * the domain when the domain is registered and on every change; a change goes to the registry as
 * a job. A domain recorded before holders were stored has the holder its order registered it
 * with, or else the customer's own data (the standard holder).
 */
export function createDomainHolderService(deps: DomainHolderDeps): DomainHolderService {
  const { db } = deps;

  async function owned(customerId: number, domain: string, locale: Locale) {
    const ref = await deps.domains.findOwned(customerId, domain);
    if (!ref) throw refusal(locale, 404, 'notFound');
    return ref;
  }

  async function standardHolder(customerId: number, locale: Locale): Promise<TDomainHolder> {
    const [customer, countries] = await Promise.all([deps.customer(customerId), deps.countries()]);
    if (!customer) throw refusal(locale, 401, 'loginRequired');
    return fromSnapshot(await standardHolderSnapshotOf(db, customer, countries));
  }

  async function actingFor(customerId: number, locale: Locale) {
    const acting = await deps.accounts.actingAs(customerId);
    if (!acting) throw refusal(locale, 401, 'loginRequired');
    return acting;
  }

  async function get(customerId: number, domain: string, locale: Locale): Promise<TDomainWhois> {
    const ref = await owned(customerId, domain, locale);
    const stored = await domainHolderRepository.find(db, ref.id);
    if (stored) return { domain: ref.name, holder: fromRow(stored) };
    const purchased = ref.orderId === null ? null : await deps.purchasedHolder(customerId, ref.orderId, ref.name);
    return { domain: ref.name, holder: purchased ? fromSnapshot(purchased) : await standardHolder(customerId, locale) };
  }

  return {
    async get(customerId, domain, locale) {
      return get((await actingFor(customerId, locale)).ownerId, domain, locale);
    },

    async update(customerId, domain, form, locale) {
      const [acting, countries] = await Promise.all([actingFor(customerId, locale), deps.countries()]);
      if (acting.subUser) throw refusal(locale, 403, 'holderSubUser');
      if (!countries.some((country) => country.code === form.country)) throw fieldRefusal(locale, 'country', 'country');
      const { isCompany: _isCompany, label: _label, ...values } = form;
      await db.transaction(async (tx) => {
        const ref = await deps.domains.findOwned(customerId, domain, tx);
        if (!ref) throw refusal(locale, 404, 'notFound');
        await domainHolderRepository.save(tx, ref.id, values, OWN_ORIGIN, deps.now());
        await requestHolderSync(deps.jobs, tx, { domainId: ref.id, domain: ref.name });
      });
      return get(customerId, domain, locale);
    },

    async recordRegistered(tx, domainId, holder) {
      const { customWhoisId: _id, ...values } = holder;
      await domainHolderRepository.save(tx, domainId, values, originOf(holder), deps.now());
    },

    async origins(customerId) {
      const owned = await deps.domains.listOwned(customerId);
      const stored = await domainHolderRepository.originsOf(
        db,
        owned.map((domain) => domain.id),
      );
      return Promise.all(
        owned.map(async ({ id, name, orderId }) => {
          const origin = stored.get(id);
          if (origin) return { domainId: id, domain: name, origin };
          // Recorded before holders were stored: the holder its order registered it with.
          const purchased = orderId ? await deps.purchasedHolder(customerId, orderId, name) : null;
          return { domainId: id, domain: name, origin: originOf(purchased) };
        }),
      );
    },
  };
}
