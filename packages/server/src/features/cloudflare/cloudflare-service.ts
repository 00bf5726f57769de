import type { Database, Queryable } from '../../db/connect.ts';
import type { CloudflareZoneStatus } from '../../db/schema/index.ts';
import * as repository from './cloudflare-repository.ts';

export type CloudflareZoneRow = repository.CloudflareZoneRow;

/** A domain behind Cloudflare, as fulfilment records it once Cloudflare has the zone. */
export interface NewCloudflareZone {
  customerId: number;
  orderId: number;
  clientRef: string;
  domain: string;
  productId: number;
  planCode: string;
  zoneId: string;
  nameservers: string[];
  status: CloudflareZoneStatus;
}

/** A domain's plan as the account lists show it. */
export interface DomainPlan {
  productId: number;
  planCode: string;
  status: CloudflareZoneStatus;
}

export interface CloudflareService {
  /** The zone of this domain, whoever's it is; null when the domain is on no plan. */
  findByDomain(domain: string, q?: Queryable): Promise<CloudflareZoneRow | null>;
  /** Records a zone inside the caller's transaction; answers its id. */
  insertZone(q: Queryable, zone: NewCloudflareZone): Promise<number>;
  /** Undo of `insertZone`. */
  removeZone(q: Queryable, id: number): Promise<void>;
  /** The plans of the customer's domains among these, by domain. */
  plansOf(customerId: number, domains: readonly string[]): Promise<Map<string, DomainPlan>>;
}

export function createCloudflareService(db: Database): CloudflareService {
  return {
    findByDomain: (domain, q = db) => repository.findByDomain(q, domain),
    insertZone: (q, zone) => repository.insert(q, zone),
    removeZone: (q, id) => repository.remove(q, id),
    async plansOf(customerId, domains) {
      if (domains.length === 0) return new Map();
      const rows = await repository.ownedAmong(db, customerId, domains);
      return new Map(rows.map((row) => [row.domain, { productId: row.productId, planCode: row.planCode, status: row.status }]));
    },
  };
}
