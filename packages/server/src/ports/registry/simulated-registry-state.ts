/**
 * What the simulated registry remembers: the requests it answered (a repeat answers the same),
 * which request holds each name, and each domain's delegation and holder. In the database
 * (the adapter's own tables), so that every process of the shop and a restarted one see the same
 * registry: a transfer accepted by one worker completes when another asks, after a restart too.
 * In memory for the port's own tests.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { simulatedRegistryDomains, simulatedRegistryRequests } from '../../db/schema/index.ts';
import type { DomainRegistrationAnswer, RegistrantContact } from './registry-port.ts';

export interface SimulatedRegistryState {
  /** The request's name and first definite answer, or null for a request never answered. */
  requestOf(clientRef: string): Promise<{ name: string; answer: DomainRegistrationAnswer } | null>;
  /** Whether a request holds the name (registered it, or transfers it in). */
  isHeld(name: string): Promise<boolean>;
  /**
   * Keeps `answer` as the request's first; an `ok` answer takes the name. Answers what is kept:
   * the earlier answer of a repeat, or `taken` when another request took the name meanwhile.
   */
  keep(clientRef: string, name: string, answer: DomainRegistrationAnswer): Promise<DomainRegistrationAnswer>;
  /** Forgets the request and its hold on the name; false (nothing forgotten) when another request holds the name. */
  release(name: string, clientRef: string): Promise<boolean>;
  setNameservers(name: string, nameservers: readonly string[]): Promise<void>;
  nameserversOf(name: string): Promise<string[] | null>;
  setHolder(name: string, holder: RegistrantContact): Promise<void>;
  holderOf(name: string): Promise<RegistrantContact | null>;
}

const takenMeanwhile = (name: string): DomainRegistrationAnswer => ({ ok: false, reason: 'taken', detail: `${name} is not free` });

/** The registry's memory in this process only: for the port's own tests. */
export function createMemoryRegistryState(): SimulatedRegistryState {
  const requests = new Map<string, { name: string; answer: DomainRegistrationAnswer }>();
  /** name -> the request that holds it */
  const held = new Map<string, string>();
  const nameservers = new Map<string, string[]>();
  const holders = new Map<string, RegistrantContact>();
  return {
    requestOf: async (clientRef) => requests.get(clientRef) ?? null,
    isHeld: async (name) => held.has(name),
    async keep(clientRef, name, answer) {
      const earlier = requests.get(clientRef);
      if (earlier) return earlier.answer;
      const kept = answer.ok && held.has(name) ? takenMeanwhile(name) : answer;
      requests.set(clientRef, { name, answer: kept });
      if (kept.ok) held.set(name, clientRef);
      return kept;
    },
    async release(name, clientRef) {
      const holder = held.get(name);
      if (holder !== undefined && holder !== clientRef) return false;
      held.delete(name);
      requests.delete(clientRef);
      return true;
    },
    setNameservers: async (name, servers) => void nameservers.set(name, [...servers]),
    nameserversOf: async (name) => nameservers.get(name) ?? null,
    setHolder: async (name, holder) => void holders.set(name, { ...holder }),
    holderOf: async (name) => holders.get(name) ?? null,
  };
}

/** The shop's one simulated registry. */
export const DEFAULT_SIMULATED_REGISTRY = 'simulated';

const DATES = ['expiresAt', 'completesAt'] as const;

function stored(answer: DomainRegistrationAnswer): Record<string, unknown> {
  return JSON.parse(JSON.stringify(answer)) as Record<string, unknown>;
}

function revived(row: Record<string, unknown>): DomainRegistrationAnswer {
  const answer: Record<string, unknown> = { ...row };
  for (const key of DATES) if (typeof answer[key] === 'string') answer[key] = new Date(answer[key]);
  return answer as unknown as DomainRegistrationAnswer;
}

/** The registry's memory in the database, shared by every process of the shop. */
export function createDatabaseRegistryState(db: Database, registry: string = DEFAULT_SIMULATED_REGISTRY): SimulatedRegistryState {
  const requests = simulatedRegistryRequests;
  const domains = simulatedRegistryDomains;
  const ofRequest = (clientRef: string) => and(eq(requests.registry, registry), eq(requests.clientRef, clientRef));
  const ofDomain = (name: string) => and(eq(domains.registry, registry), eq(domains.name, name));

  const requestOf: SimulatedRegistryState['requestOf'] = async (clientRef) => {
    const [row] = await db.select({ name: requests.name, answer: requests.answer }).from(requests).where(ofRequest(clientRef));
    return row ? { name: row.name, answer: revived(row.answer) } : null;
  };

  const upsertDomain = (name: string, set: { nameservers: string[] } | { holder: Record<string, string> }) =>
    db
      .insert(domains)
      .values({ registry, name, ...set })
      .onConflictDoUpdate({ target: [domains.registry, domains.name], set });

  return {
    requestOf,
    async isHeld(name) {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(requests)
        .where(and(eq(requests.registry, registry), eq(requests.name, name), eq(requests.holds, true)))
        .limit(1);
      return row !== undefined;
    },
    async keep(clientRef, name, answer) {
      const insert = (kept: DomainRegistrationAnswer) =>
        db
          .insert(requests)
          .values({ registry, clientRef, name, answer: stored(kept), holds: kept.ok })
          .onConflictDoNothing({ target: [requests.registry, requests.clientRef] })
          .returning({ clientRef: requests.clientRef });
      let kept = answer;
      try {
        if ((await insert(kept)).length === 0) return (await requestOf(clientRef))?.answer ?? kept;
      } catch (error) {
        // Another request holds the name: this one was too late.
        if (!isUniqueViolation(error)) throw error;
        kept = takenMeanwhile(name);
        if ((await insert(kept)).length === 0) return (await requestOf(clientRef))?.answer ?? kept;
      }
      return kept;
    },
    async release(name, clientRef) {
      return db.transaction(async (tx) => {
        const [other] = await tx
          .select({ clientRef: requests.clientRef })
          .from(requests)
          .where(and(eq(requests.registry, registry), eq(requests.name, name), eq(requests.holds, true), ne(requests.clientRef, clientRef)))
          .limit(1);
        if (other) return false;
        await tx.delete(requests).where(ofRequest(clientRef));
        return true;
      });
    },
    async setNameservers(name, nameservers) {
      await upsertDomain(name, { nameservers: [...nameservers] });
    },
    async nameserversOf(name) {
      const [row] = await db.select({ nameservers: domains.nameservers }).from(domains).where(ofDomain(name));
      return row?.nameservers ?? null;
    },
    async setHolder(name, holder) {
      await upsertDomain(name, { holder: { ...holder } });
    },
    async holderOf(name) {
      const [row] = await db.select({ holder: domains.holder }).from(domains).where(ofDomain(name));
      return (row?.holder as RegistrantContact | null | undefined) ?? null;
    },
  };
}
