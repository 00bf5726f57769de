/**
 * Offline Cloudflare account for development, demos and tests. Zones live in the database (the
 * adapter's own table), so every process of the shop and a restarted one see the same account.
 * Like Cloudflare, a zone is found by its name (a repeat of `protect` answers the zone that exists
 * and sets its plan), gets two name servers under `ns.cloudflare.com`, and is `pending` until it
 * turns `active` after `activationSeconds` (Cloudflare: once it sees its name servers).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { simulatedCloudflareZones } from '../../db/schema/index.ts';
import { fnv1a, mulberry32 } from '../registry/simulated-registry.ts';
import type { CloudflareFailure, CloudflarePlan, CloudflarePort, ProtectAnswer, ProtectRequest, ZoneStatusAnswer } from './cloudflare-port.ts';

/** A domain with this first label is refused, so a demo or test can show a failed order. */
export const SIMULATED_CLOUDFLARE_REFUSED_LABEL = 'geweigerd';

/** Cloudflare hands out name servers named after people; a zone gets two of them. */
const NAMESERVER_NAMES = ['ada', 'bob', 'cruz', 'dora', 'elma', 'finn', 'gina', 'hugo', 'ines', 'jack', 'kara', 'leo', 'mira', 'noah', 'olga', 'piet'];

export interface SimulatedCloudflareOptions {
  db: Database;
  /** The account's name; the default one is the shop's. Tests start a fresh account with a new name. */
  platform?: string;
  /** How long a new zone stays `pending`; 0 makes it `active` at once. */
  activationSeconds?: number;
  /** Probability in [0, 1] that a call answers `unreachable`. */
  failureRate?: number;
  /** PRNG seed for the failure decisions; defaults to 1. */
  seed?: number;
  now?: () => Date;
}

export interface SimulatedZone {
  zoneId: string;
  name: string;
  plan: CloudflarePlan;
  clientRef: string;
  nameservers: string[];
  activeFrom: Date;
}

export interface SimulatedCloudflare extends CloudflarePort {
  /** The zones that exist now, oldest first. */
  zones(): Promise<SimulatedZone[]>;
}

export const DEFAULT_SIMULATED_CLOUDFLARE_ACCOUNT = 'simulated';

/** The two name servers of a zone: always the same two for a name, never one twice. */
export function simulatedNameservers(domain: string): string[] {
  const first = fnv1a(`ns1:${domain}`) % NAMESERVER_NAMES.length;
  const step = 1 + (fnv1a(`ns2:${domain}`) % (NAMESERVER_NAMES.length - 1));
  return [first, (first + step) % NAMESERVER_NAMES.length].map((index) => `${NAMESERVER_NAMES[index]}.ns.cloudflare.com`);
}

type ZoneRow = typeof simulatedCloudflareZones.$inferSelect;

/** Two processes that race for one name: the loser finds the winner's zone. */
const CREATE_ATTEMPTS = 3;

export function createSimulatedCloudflare(options: SimulatedCloudflareOptions): SimulatedCloudflare {
  const { db } = options;
  const platform = options.platform ?? DEFAULT_SIMULATED_CLOUDFLARE_ACCOUNT;
  const activationMs = (options.activationSeconds ?? 60) * 1000;
  const failureRate = options.failureRate ?? 0;
  if (!(failureRate >= 0 && failureRate <= 1)) throw new RangeError(`failureRate must be within [0, 1], got ${failureRate}`);
  const random = mulberry32(options.seed ?? 1);
  const now = options.now ?? (() => new Date());
  const t = simulatedCloudflareZones;
  const onAccount = (condition: ReturnType<typeof eq>) => and(eq(t.platform, platform), condition);

  const failed = (): CloudflareFailure | null => (random() < failureRate ? { ok: false, reason: 'unreachable', detail: 'simulated failure' } : null);
  const unknown = (zoneId: string): CloudflareFailure => ({ ok: false, reason: 'unknown', detail: `no zone ${zoneId}` });
  const answerOf = (row: ZoneRow) => ({
    ok: true as const,
    zoneId: row.zoneId,
    nameservers: [...row.nameservers],
    status: row.activeFrom.getTime() <= now().getTime() ? ('active' as const) : ('pending' as const),
  });

  async function findBy(condition: ReturnType<typeof eq>): Promise<ZoneRow | undefined> {
    const [row] = await db.select().from(t).where(onAccount(condition));
    return row;
  }

  return {
    name: 'simulated',

    async zones() {
      const rows = await db.select().from(t).where(eq(t.platform, platform)).orderBy(asc(t.id));
      return rows.map((row) => ({ zoneId: row.zoneId, name: row.name, plan: row.plan as CloudflarePlan, clientRef: row.clientRef, nameservers: [...row.nameservers], activeFrom: row.activeFrom }));
    },

    async protect(request: ProtectRequest): Promise<ProtectAnswer> {
      const failure = failed();
      if (failure) return failure;
      const name = request.domain.trim().toLowerCase().replace(/\.$/, '');
      if (name.split('.')[0] === SIMULATED_CLOUDFLARE_REFUSED_LABEL) return { ok: false, reason: 'refused', detail: `${name} cannot be added to Cloudflare (simulated refusal)` };
      for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt++) {
        const existing = await findBy(eq(t.name, name));
        if (existing) {
          if (existing.plan === request.plan) return answerOf(existing);
          const [changed] = await db.update(t).set({ plan: request.plan }).where(onAccount(eq(t.id, existing.id))).returning();
          if (changed) return answerOf(changed);
          continue;
        }
        const [created] = await db
          .insert(t)
          .values({
            platform,
            zoneId: randomBytes(16).toString('hex'),
            name,
            plan: request.plan,
            clientRef: request.clientRef,
            nameservers: simulatedNameservers(name),
            activeFrom: new Date(now().getTime() + activationMs),
          })
          .onConflictDoNothing()
          .returning();
        if (created) return answerOf(created);
      }
      return { ok: false, reason: 'unreachable', detail: 'the simulated account kept losing races for this zone' };
    },

    async status(zoneId: string): Promise<ZoneStatusAnswer> {
      const failure = failed();
      if (failure) return failure;
      const row = await findBy(eq(t.zoneId, zoneId));
      return row ? answerOf(row) : unknown(zoneId);
    },

    async remove(zoneId: string) {
      const failure = failed();
      if (failure) return failure;
      const deleted = await db.delete(t).where(onAccount(eq(t.zoneId, zoneId))).returning({ id: t.id });
      return deleted.length > 0 ? { ok: true } : unknown(zoneId);
    },
  };
}
