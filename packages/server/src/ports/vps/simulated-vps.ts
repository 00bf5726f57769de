/**
 * Offline VPS platform for development, demos and tests. Servers live in the database (the
 * adapter's own table), so every process of the shop and a restarted one see the same platform.
 * Creating is idempotent by `clientRef`. A new server is `provisioning` and runs once
 * `bootSeconds` have passed; it gets an IPv4 address from 203.0.113.0/24 (TEST-NET-3, RFC 5737,
 * for documentation), so nothing real is ever reached through it.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { simulatedVpsServers } from '../../db/schema/index.ts';
import { mulberry32 } from '../registry/simulated-registry.ts';
import type { VpsAnswer, VpsFailure, VpsPort, VpsRequest, VpsSpec } from './vps-port.ts';

/** A hostname with this first label is refused, so a demo or test can show a failed order. */
export const SIMULATED_VPS_REFUSED_LABEL = 'geweigerd';

/** Host numbers handed out in 203.0.113.0/24: .1 to .9 stay for the (simulated) gateway and friends. */
const FIRST_HOST = 10;
const LAST_HOST = 254;

export interface SimulatedVpsOptions {
  db: Database;
  /** The platform's name; the default one is the shop's. Tests start a fresh platform with a new name. */
  platform?: string;
  /** How long a new server stays `provisioning`; 0 makes it `running` at once. */
  bootSeconds?: number;
  /** Probability in [0, 1] that a call answers `unreachable`. */
  failureRate?: number;
  /** PRNG seed for the failure decisions; defaults to 1. */
  seed?: number;
  now?: () => Date;
}

export interface SimulatedVpsServer {
  providerRef: string;
  clientRef: string;
  hostname: string;
  packageCode: string;
  spec: VpsSpec;
  customerRef: string;
  ipv4: string;
}

export interface SimulatedVps extends VpsPort {
  /** The servers that exist now, oldest first. */
  servers(): Promise<SimulatedVpsServer[]>;
}

export const DEFAULT_SIMULATED_VPS_PLATFORM = 'simulated';

type ServerRow = typeof simulatedVpsServers.$inferSelect;

const providerRefOf = (id: number) => `simvps-${id}`;
function idOf(providerRef: string): number | null {
  const match = /^simvps-(\d{1,9})$/.exec(providerRef);
  return match ? Number(match[1]) : null;
}

/** Two requests that race for one address: the loser takes the next free one. */
const CREATE_ATTEMPTS = 5;

export function createSimulatedVps(options: SimulatedVpsOptions): SimulatedVps {
  const { db } = options;
  const platform = options.platform ?? DEFAULT_SIMULATED_VPS_PLATFORM;
  const bootMs = (options.bootSeconds ?? 30) * 1000;
  const failureRate = options.failureRate ?? 0;
  if (!(failureRate >= 0 && failureRate <= 1)) throw new RangeError(`failureRate must be within [0, 1], got ${failureRate}`);
  const random = mulberry32(options.seed ?? 1);
  const now = options.now ?? (() => new Date());
  const t = simulatedVpsServers;
  const onPlatform = (condition: ReturnType<typeof eq>) => and(eq(t.platform, platform), condition);

  const failed = (): VpsFailure | null => (random() < failureRate ? { ok: false, reason: 'unreachable', detail: 'simulated failure' } : null);
  const unknown = (providerRef: string): VpsFailure => ({ ok: false, reason: 'unknown', detail: `no server ${providerRef}` });
  const answerOf = (row: ServerRow): VpsAnswer => ({
    ok: true,
    providerRef: providerRefOf(row.id),
    status: row.runningFrom.getTime() <= now().getTime() ? 'running' : 'provisioning',
    ipv4: row.ipv4,
  });

  async function findBy(condition: ReturnType<typeof eq>): Promise<ServerRow | undefined> {
    const [row] = await db.select().from(t).where(onPlatform(condition));
    return row;
  }

  return {
    name: 'simulated',

    async servers() {
      const rows = await db.select().from(t).where(eq(t.platform, platform)).orderBy(asc(t.id));
      return rows.map((row) => ({
        providerRef: providerRefOf(row.id),
        clientRef: row.clientRef,
        hostname: row.hostname,
        packageCode: row.packageCode,
        spec: { ...row.spec },
        customerRef: row.customerRef,
        ipv4: row.ipv4,
      }));
    },

    async createVps(request: VpsRequest): Promise<VpsAnswer> {
      const failure = failed();
      if (failure) return failure;
      const hostname = request.hostname.trim().toLowerCase();
      if (hostname.split('.')[0] === SIMULATED_VPS_REFUSED_LABEL) return { ok: false, reason: 'refused', detail: `${hostname} is refused (simulated refusal)` };
      for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt++) {
        const earlier = await findBy(eq(t.clientRef, request.clientRef));
        if (earlier) return answerOf(earlier);
        const used = new Set((await db.select({ ipv4: t.ipv4 }).from(t).where(eq(t.platform, platform))).map((row) => row.ipv4));
        let ipv4: string | null = null;
        for (let host = FIRST_HOST; host <= LAST_HOST && ipv4 === null; host++) if (!used.has(`203.0.113.${host}`)) ipv4 = `203.0.113.${host}`;
        if (ipv4 === null) return { ok: false, reason: 'refused', detail: 'no free IPv4 address left on the simulated platform' };
        const [created] = await db
          .insert(t)
          .values({
            platform,
            clientRef: request.clientRef,
            hostname,
            packageCode: request.packageCode,
            spec: { vCpu: request.spec.vCpu, memoryGb: request.spec.memoryGb, diskGb: request.spec.diskGb },
            customerRef: request.customerRef,
            ipv4,
            runningFrom: new Date(now().getTime() + bootMs),
          })
          .onConflictDoNothing()
          .returning();
        if (created) return answerOf(created);
        // Another process created this server or took this address meanwhile: look again.
      }
      return { ok: false, reason: 'unreachable', detail: 'the simulated platform kept losing races for an address' };
    },

    async status(providerRef: string): Promise<VpsAnswer> {
      const failure = failed();
      if (failure) return failure;
      const id = idOf(providerRef);
      const row = id === null ? undefined : await findBy(eq(t.id, id));
      return row ? answerOf(row) : unknown(providerRef);
    },

    async deleteVps(providerRef: string) {
      const failure = failed();
      if (failure) return failure;
      const id = idOf(providerRef);
      if (id === null) return unknown(providerRef);
      // The reference goes with the server: the same request later creates a new one.
      const deleted = await db.delete(t).where(onPlatform(eq(t.id, id))).returning({ id: t.id });
      return deleted.length > 0 ? { ok: true } : unknown(providerRef);
    },
  };
}
