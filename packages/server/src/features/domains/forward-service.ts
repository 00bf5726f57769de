import { applyForward, domainToUnicode, forwardRecords, NO_FORWARD_IN_ZONE, type DnsZoneRecord, type ForwardResponder, type TForwardOption, type TForwardPage, type TRedirectStatus, type TReplacedRecord } from '@kavel/core';
import type { Database, Transaction } from '../../db/connect.ts';
import type { CacheEventsPort } from '../../ports/cache-events/index.ts';
import { ReadCache } from '../../read-cache.ts';
import type { DnsService } from '../dns/dns-service.ts';
import type { ZoneAccess, ZoneRefusal, ZoneService } from '../dns/zone-service.ts';
import { forwardCacheKey, forwardCacheKeys, hostCandidates } from './forward-host.ts';
import { forwardOf, responderForwards, storeForward, type ResponderForward, type StoredForward } from './forward-repository.ts';

/** A change of a domain's forward; options left out stay as they were (the form post sends type and target only). */
export interface ForwardChange {
  domainName: string;
  forwardOption: TForwardOption;
  /** Checked by the core rule already (`checkForwardTarget`). */
  forwardTo: string;
  redirectStatus?: TRedirectStatus;
  keepPath?: boolean;
  frameTitle?: string;
}

export type ForwardAnswer = { ok: true; page: TForwardPage } | ZoneRefusal;

/** A forward as the order's undo keeps it (JSON): what was there before, or null. */
export type ForwardSnapshot = StoredForward | null;

export interface ForwardService {
  /** The forwarding page's data; null when the domain is not the customer's (or a sub-user's parent's). */
  page(customerId: number, domainName: string): Promise<TForwardPage | null>;
  /** Changes the forward and the zone records it needs, in one transaction; every process's responder forgets what it cached. */
  save(customerId: number, change: ForwardChange): Promise<ForwardAnswer>;
  /** An order's redirect (fulfilment, in its transaction): an HTTP forward, 301, with its records. Answers what was there, for the undo. */
  setOrderForward(tx: Transaction, domainId: number, target: string, orderId: number): Promise<ForwardSnapshot>;
  /** The undo of `setOrderForward`: the forward and records as they were. */
  restoreOrderForward(tx: Transaction, domainId: number, previous: ForwardSnapshot): Promise<void>;
  /** The responder's question: the forward answering this (normalised) host, from the cache when it may. */
  forHost(host: string): Promise<ResponderForward | null>;
}

export interface ForwardServiceDeps {
  db: Database;
  zones: Pick<ZoneService, 'access' | 'editRecords'>;
  dns: Pick<DnsService, 'zone' | 'writeZone'>;
  responder: ForwardResponder;
  cacheEvents: CacheEventsPort;
}

const NO_FORWARD = { forwardOption: 'NONE', forwardTo: '', redirectStatus: 301, keepPath: false, frameTitle: '' } as const;

/**
 * Domain forwarding (spec 001 sections 2, 3, 5 and 7). A forward lives in `domain_redirects`
 * with the records it wrote; every change goes through the zone service's `editRecords`, so the
 * forward and its zone change in one transaction with the zone locked and the customer's right
 * to change it checked. The responder reads forwards through a short-lived cache that every
 * change invalidates in every process (the cache events port).
 */
export function createForwardService(deps: ForwardServiceDeps): ForwardService {
  const { db, responder } = deps;
  const cache = new ReadCache<ResponderForward | null>(deps.cacheEvents);

  async function pageOf(access: ZoneAccess): Promise<TForwardPage> {
    return pageFrom(access, await forwardOf(db, access.domainId));
  }

  /** The forwarding page's data of the domain with this forward (null: none); after a save, what was not put back. */
  function pageFrom(access: ZoneAccess, stored: StoredForward | null, notRestored?: TReplacedRecord[]): TForwardPage {
    const { dnsRecords, replacedRecords, ...forward } = stored ?? { ...NO_FORWARD, dnsRecords: [], replacedRecords: [] };
    return {
      domainId: access.domainId,
      domainName: domainToUnicode(access.name),
      asciiName: access.name,
      forward,
      records: dnsRecords,
      replaced: replacedRecords ?? [],
      ...(notRestored && notRestored.length > 0 ? { notRestored } : {}),
      responder,
      readOnly: access.readOnly,
      activeDnsServer: access.activeDnsServer,
    };
  }

  /** The forward as it is stored after `change` (null: none), keeping the options the change leaves out. */
  function next(previous: StoredForward | null, change: Omit<ForwardChange, 'domainName'>): StoredForward | null {
    if (change.forwardOption === 'NONE') return null;
    const option = change.forwardOption;
    return {
      forwardOption: option,
      forwardTo: change.forwardTo,
      redirectStatus: change.redirectStatus ?? previous?.redirectStatus ?? 301,
      keepPath: change.keepPath ?? previous?.keepPath ?? false,
      frameTitle: change.frameTitle ?? previous?.frameTitle ?? '',
      dnsRecords: forwardRecords(option, change.forwardTo, responder),
    };
  }

  /**
   * The zone and the forward after a change (core's `applyForward`): the forward to store keeps
   * what it replaced in the zone, and what the previous one replaced comes back where it may.
   */
  function applied<R extends DnsZoneRecord>(zone: readonly R[], previous: StoredForward | null, forward: StoredForward | null) {
    const change = applyForward(zone, previous ? { records: previous.dnsRecords, replaced: previous.replacedRecords ?? [] } : NO_FORWARD_IN_ZONE, forward?.dnsRecords ?? []);
    return { records: change.records, forward: forward && { ...forward, replacedRecords: change.replaced }, notRestored: change.notRestored };
  }

  /** Writes the forward and its zone inside `tx`: the previous forward's records go, the next one's come. */
  async function write(tx: Transaction, domainId: number, previous: StoredForward | null, forward: StoredForward | null, change: { action: string; customerId?: number | null; orderId?: number | null }) {
    const next = applied(await deps.dns.zone(domainId, tx), previous, forward);
    await storeForward(tx, domainId, next.forward, change.orderId ?? null);
    await deps.dns.writeZone(tx, domainId, next.records, { action: change.action, customerId: change.customerId ?? null });
  }

  return {
    async page(customerId, domainName) {
      const access = await deps.zones.access(customerId, domainName);
      return access ? pageOf(access) : null;
    },

    async save(customerId, change) {
      let forward: StoredForward | null = null;
      let notRestored: TReplacedRecord[] = [];
      const outcome = await deps.zones.editRecords(
        customerId,
        change.domainName,
        'forward',
        async (zone, access, tx) => {
          const previous = await forwardOf(tx, access.domainId, true);
          const result = applied(zone, previous, next(previous, change));
          ({ forward, notRestored } = result);
          await storeForward(tx, access.domainId, forward);
          return { ok: true, records: result.records };
        },
        // A domain whose DNS is still elsewhere keeps its forward ready for the move.
        { requireActive: false },
      );
      if (!outcome.ok) return outcome;
      await deps.cacheEvents.publish(forwardCacheKeys(outcome.access.name));
      // The page as the change left it: the forward it stored.
      return { ok: true, page: pageFrom(outcome.access, forward, notRestored) };
    },

    async setOrderForward(tx, domainId, target, orderId) {
      const previous = await forwardOf(tx, domainId, true);
      const forward = next(null, { forwardOption: 'HTTP', forwardTo: target, redirectStatus: 301, keepPath: false, frameTitle: '' });
      await write(tx, domainId, previous, forward, { action: 'forward', orderId });
      return previous;
    },

    async restoreOrderForward(tx, domainId, previous) {
      const current = await forwardOf(tx, domainId, true);
      await write(tx, domainId, current, previous, { action: 'forward' });
    },

    async forHost(host) {
      const key = forwardCacheKey(host);
      const cached = cache.get(key);
      if (cached !== undefined) return cached;
      const ticket = cache.ticket();
      const candidates = hostCandidates(host);
      const rows = await responderForwards(db, candidates);
      // The host's own domain first: `www.example.nl` may be a domain of the shop by itself.
      const found = candidates.map((name) => rows.find((row) => row.domain === name)).find((row) => row !== undefined) ?? null;
      cache.set(key, found, ticket);
      return found;
    },
  };
}
