import type { Database, Queryable } from '../../db/connect.ts';
import type { VpsServerSpec, VpsServerStatus } from '../../db/schema/index.ts';
import type { VpsPort } from '../../ports/vps/index.ts';
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
  /**
   * Asks the platform again for the address of running servers that had none when fulfilment
   * recorded them (an address from DHCP that the guest agent did not report yet); answers how
   * many got one. The worker's `vps-addresses` job, every minute.
   */
  refreshAddresses(): Promise<number>;
}

/** A server is asked for its address for this long after it was made, at most this many a run. */
export const VPS_ADDRESS_ASKED_FOR_MS = 7 * 24 * 60 * 60 * 1000;
export const VPS_ADDRESSES_PER_RUN = 25;

export function createVpsService(db: Database, deps: { platform: Pick<VpsPort, 'status'>; now: () => Date }): VpsService {
  return {
    record: (server, q = db) => repository.upsert(q, server),
    remove: (q, id) => repository.remove(q, id),
    listOwned: (customerId) => repository.listOwned(db, customerId),
    async refreshAddresses() {
      const since = new Date(deps.now().getTime() - VPS_ADDRESS_ASKED_FOR_MS);
      let found = 0;
      for (const server of await repository.runningWithoutAddress(db, since, VPS_ADDRESSES_PER_RUN)) {
        // A platform that does not answer now is asked again on the next run.
        const answer = await deps.platform.status(server.providerRef);
        if (answer.ok && answer.ipv4 && (await repository.recordAddress(db, server.id, answer.ipv4))) found++;
      }
      return found;
    },
  };
}
