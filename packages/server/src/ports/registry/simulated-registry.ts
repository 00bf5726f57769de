/**
 * Offline, deterministic registry for development, demos and tests. It registers for real: a
 * name it registered is taken from then on, also for lookups. What it registered, the transfers
 * it accepted, delegations and holders are kept in its state (`simulated-registry-state.ts`: the
 * database in a shop, so every process and a restart see the same registry). Like a real registry, a
 * registration runs until now + its years; a transfer waits for the losing registrar's period
 * (`transferSeconds`, 5 days unless configured) and then completes with the name's current
 * expiry + 1 year. A taken name's current expiry is a stable anniversary per name.
 */
import { createMemoryRegistryState, type SimulatedRegistryState } from './simulated-registry-state.ts';
import { afterLatency, unlessAborted } from './simulated-waits.ts';
import type { DomainRegistrationAnswer, DomainRegistrationRequest, RegistrantContact, RegistryAnswer, RegistryPort, RegistrySettings, TransferStatusAnswer } from './registry-port.ts';

export interface SimulatedRegistryOptions {
  /** Per-domain latency is fixed within this range (inclusive, milliseconds). */
  latencyMs: { min: number; max: number };
  /** Probability in [0, 1] that a lookup answers `unreachable`. */
  failureRate: number;
  /** `taken` holds labels (`google`), `quarantine` holds full domains (`opgeheven.nl`). */
  wellKnown: { taken: string[]; quarantine: string[] };
  /**
   * The names among these (lower case) that the shop itself already sold (`shopDomainsAmong`). The
   * registry asks once for the lookups that start until the first of them needs the answer.
   */
  registeredInShop: (names: readonly string[]) => Promise<ReadonlySet<string>>;
  /** PRNG seed for the failure decisions; defaults to 1. */
  seed?: number;
  /** How long a transfer waits for the losing registrar; 5 days unless a demo shortens it. */
  transferSeconds?: number;
  /** The registry's clock (expiry dates, transfer periods). */
  now?: () => Date;
  /** Where it remembers what it registered; in this process's memory unless given (the shop gives the database). */
  state?: SimulatedRegistryState;
}

/** The losing registrar's period of most registries: 5 days. */
export const DEFAULT_SIMULATED_TRANSFER_SECONDS = 5 * 24 * 60 * 60;

function addYears(date: Date, years: number): Date {
  const later = new Date(date.getTime());
  later.setUTCFullYear(later.getUTCFullYear() + years);
  return later;
}

/**
 * The expiry date a name someone else holds has now: its registration's anniversary (a day of
 * the year fixed per name, at noon UTC) that comes next.
 */
export function simulatedCurrentExpiry(domain: string, now: Date): Date {
  const day = fnv1a(`expiry:${domain.toLowerCase()}`) % 365;
  for (let year = now.getUTCFullYear(); ; year++) {
    const expiry = new Date(Date.UTC(year, 0, 1 + day, 12));
    if (expiry > now) return expiry;
  }
}

/** 32-bit FNV-1a over the UTF-16 code units of `text`. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a tiny seeded PRNG returning numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The latency the simulated registry uses for `domain`: always the same, within [min, max]. */
export function simulatedLatencyMs(domain: string, min: number, max: number): number {
  const span = Math.floor(max) - Math.floor(min) + 1;
  return Math.floor(min) + (fnv1a(domain.toLowerCase()) % span);
}

const TIMEOUT: RegistryAnswer = { ok: false, reason: 'timeout' };
const FREE: RegistryAnswer = { ok: true, status: 'free' };
const TAKEN: RegistryAnswer = { ok: true, status: 'taken' };
const QUARANTINE: RegistryAnswer = { ok: true, status: 'quarantine' };

/** A transfer code holding this word is refused, so a demo or test can show a failed transfer. */
export const SIMULATED_INVALID_TRANSFER_CODE = 'ONGELDIG';

/** The simulated registry, which also tells where it delegated a domain (for tests and the demo). */
export type SimulatedRegistry = RegistryPort & { nameserversOf(domain: string): Promise<string[] | null>; holderOf(domain: string): Promise<RegistrantContact | null> };

export function createSimulatedRegistry(options: SimulatedRegistryOptions): SimulatedRegistry {
  const { min, max } = options.latencyMs;
  if (!Number.isFinite(min) || !Number.isFinite(max) || min < 0 || max < min) {
    throw new RangeError(`latencyMs must satisfy 0 <= min <= max, got ${min}..${max}`);
  }
  if (!(options.failureRate >= 0 && options.failureRate <= 1)) {
    throw new RangeError(`failureRate must be within [0, 1], got ${options.failureRate}`);
  }
  const takenLabels = new Set(options.wellKnown.taken.map((label) => label.toLowerCase()));
  const quarantined = new Set(options.wellKnown.quarantine.map((domain) => domain.toLowerCase()));
  const random = mulberry32(options.seed ?? 1);
  const now = options.now ?? (() => new Date());
  const transferMs = Math.max(0, options.transferSeconds ?? DEFAULT_SIMULATED_TRANSFER_SECONDS) * 1000;
  const state = options.state ?? createMemoryRegistryState();
  /**
   * Names this process registered (or took in by transfer): a lookup answers them taken without
   * asking the state. A name another process registered is taken for lookups once its order has
   * it (`registeredInShop`), right after the registration.
   */
  const registeredHere = new Set<string>();

  /** Whether the name exists anywhere: a well-known name, in quarantine, ours, or the shop's. */
  async function exists(name: string, held: boolean): Promise<boolean> {
    const label = name.split('.')[0] ?? name;
    return quarantined.has(name) || takenLabels.has(label) || held || (await options.registeredInShop([name])).has(name);
  }

  /**
   * The shop's answer for a group of names: the lookups that start until the first of them needs
   * it, which is when its latency is over. The forty lookups of a search, and the searches of a
   * burst that come in the meantime, share one query; asking when the answer is first needed
   * rather than at once keeps the query out of the moments in which a burst's requests come in
   * (on the embedded database a query is work on the server's one thread, about a millisecond
   * plus a few for 4,000 names). `owned` is filled in once it answers.
   */
  type ShopQuestion = { names: string[]; owned: ReadonlySet<string> | null; answer(): Promise<ReadonlySet<string>> };
  let gathering: ShopQuestion | null = null;
  function askShop(name: string): ShopQuestion {
    gathering ??= shopQuestion();
    gathering.names.push(name);
    return gathering;
  }
  function shopQuestion(): ShopQuestion {
    let asked: Promise<ReadonlySet<string>> | null = null;
    const question: ShopQuestion = {
      names: [],
      owned: null,
      answer() {
        if (asked) return asked;
        asked = new Promise<ReadonlySet<string>>((resolve, reject) => {
          // Asked once this turn is over, so the lookups that start or end in it are in it too.
          setImmediate(() => {
            if (gathering === question) gathering = null;
            options.registeredInShop(question.names).then(resolve, reject);
          });
        });
        // Handled here too, for the lookups that stopped waiting for it.
        asked.then(
          (owned) => (question.owned = owned),
          () => undefined,
        );
        return asked;
      },
    };
    return question;
  }

  function decide(request: DomainRegistrationRequest, name: string, existing: boolean, held: boolean): DomainRegistrationAnswer {
    if (request.kind === 'registration') {
      return existing ? { ok: false, reason: 'taken', detail: `${name} is not free` } : { ok: true, state: 'registered', expiresAt: addYears(now(), request.years) };
    }
    if (!existing || quarantined.has(name)) return { ok: false, reason: 'invalid-transfer-code', detail: `${name} cannot be transferred` };
    if (held) return { ok: false, reason: 'taken', detail: `${name} is already with us` };
    const code = request.transferCode?.trim() ?? '';
    if (code === '' || code.toUpperCase().includes(SIMULATED_INVALID_TRANSFER_CODE)) return { ok: false, reason: 'invalid-transfer-code', detail: 'the registry refused the transfer code' };
    return { ok: true, state: 'transfer_pending', completesAt: new Date(now().getTime() + transferMs) };
  }

  return {
    name: 'simulated',

    async register(request, signal) {
      // The first definite answer per request: a repeat answers it again and does nothing.
      const earlier = await state.requestOf(request.clientRef);
      if (earlier) return earlier.answer;
      const name = request.domain.trim().toLowerCase();
      if (!(await afterLatency(simulatedLatencyMs(name, min, max), signal ?? new AbortController().signal, () => true, false))) return { ok: false, reason: 'timeout' };
      const held = await state.isHeld(name);
      // Kept as the request's answer; a concurrent repeat, or another request that took the name meanwhile, wins.
      const answer = await state.keep(request.clientRef, name, decide(request, name, await exists(name, held), held));
      if (answer.ok) registeredHere.add(name);
      return answer;
    },

    async transferStatus({ clientRef }): Promise<TransferStatusAnswer> {
      const request = await state.requestOf(clientRef);
      const transfer = request?.answer.ok && request.answer.state === 'transfer_pending' ? request.answer : null;
      if (!request || !transfer?.completesAt) return { ok: false, reason: 'unknown', detail: `no transfer for ${clientRef}` };
      if (now() < transfer.completesAt) return { ok: true, state: 'pending', completesAt: transfer.completesAt };
      // The registry adds the year of the transfer to what the losing registrar had.
      return { ok: true, state: 'completed', expiresAt: addYears(simulatedCurrentExpiry(request.name, transfer.completesAt), 1) };
    },

    async setNameservers(domain, nameservers) {
      await state.setNameservers(domain.trim().toLowerCase(), nameservers);
      return { ok: true };
    },

    nameserversOf: (domain: string) => state.nameserversOf(domain.trim().toLowerCase()),

    async updateHolder(domain, registrant) {
      const name = domain.trim().toLowerCase();
      if (!(await exists(name, await state.isHeld(name)))) return { ok: false, reason: 'unknown-domain', detail: `${name} is not registered` };
      await state.setHolder(name, registrant);
      return { ok: true };
    },

    holderOf: (domain: string) => state.holderOf(domain.trim().toLowerCase()),

    async release(domain, clientRef) {
      const name = domain.trim().toLowerCase();
      // The request is forgotten with the name, so that it later registers anew instead of
      // answering a registration that no longer exists.
      if (!(await state.release(name, clientRef))) return { ok: false, reason: 'unsupported', detail: `${name} was registered by another request` };
      registeredHere.delete(name);
      return { ok: true };
    },

    lookup(domain: string, _settings: RegistrySettings, signal: AbortSignal): Promise<RegistryAnswer> {
      // Drawn synchronously, in call order, so a run with the same seed fails the same lookups.
      const fails = random() < options.failureRate;
      const name = domain.trim().toLowerCase();
      const dot = name.indexOf('.');
      const label = dot === -1 ? name : name.slice(0, dot);
      // The name joins the shop's question when the lookup starts, and the question goes out when
      // the first of its lookups needs the answer: the lookups of one search start together and
      // end each at its own moment, so asking per lookup at its end would cost a query for nearly
      // every one. A name the shop sells meanwhile is reported by a later question.
      const known = quarantined.has(name) || takenLabels.has(label);
      const shop = known ? null : askShop(name);
      return afterLatency(
        simulatedLatencyMs(name, min, max),
        signal,
        () => {
          if (fails) return { ok: false, reason: 'unreachable', detail: 'simulated failure' };
          if (quarantined.has(name)) return QUARANTINE;
          if (takenLabels.has(label) || registeredHere.has(name) || !shop) return TAKEN;
          // The shop's answer came within the latency, as it nearly always does.
          if (shop.owned) return shop.owned.has(name) ? TAKEN : FREE;
          return unlessAborted(shop.answer(), signal).then((owned) => (owned === undefined ? TIMEOUT : owned.has(name) ? TAKEN : FREE));
        },
        TIMEOUT,
      );
    },
  };
}
