import type { Database, Queryable } from '../../db/connect.ts';
import type { VpsServerSpec, VpsServerStatus } from '../../db/schema/index.ts';
import * as repository from './vps-repository.ts';

export type VpsServerRow = repository.VpsServerRow;

/** A server as fulfilment records it: while it boots, and again once it runs. */
export interface VpsServerRecord {
  customerId: number;
  orderId: number;
  clientRef: string;
  name: string;
  productId: number;
  productCode: string;
  spec: VpsServerSpec;
  providerRef: string;
  status: VpsServerStatus;
  ipv4: string | null;
  ipv6: string | null;
}

export interface VpsService {
  /** Records the server (first time) or its new status and addresses (later), in `q` when given; answers its id. */
  record(server: VpsServerRecord, q?: Queryable): Promise<number>;
  /** Undo of `record`. */
  remove(q: Queryable, id: number): Promise<void>;
  /** The customer's servers, oldest first. */
  listOwned(customerId: number): Promise<VpsServerRow[]>;
}

export function createVpsService(db: Database): VpsService {
  return {
    record: (server, q = db) => repository.upsert(q, server),
    remove: (q, id) => repository.remove(q, id),
    listOwned: (customerId) => repository.listOwned(db, customerId),
  };
}
