/** How the shop asks a domain registry whether a name is free. */

/** Per-extension settings that the catalogue carries for the real adapters. */
export interface RegistrySettings {
  /** Extension without dot: `nl`. */
  extension: string;
  /** RDAP base URL ending in `/`, e.g. `https://rdap.sidn.nl/`; the adapter asks `{base}domain/{name}`. */
  rdapBaseUrl: string | null;
  /** WHOIS server host (port 43 unless `host:port`). */
  whoisServer: string | null;
  /** Case-insensitive regular expression that marks a WHOIS answer as 'free', e.g. `is free`. */
  whoisFreePattern: string | null;
  /** Optional regular expression that marks a WHOIS answer as quarantined. */
  whoisQuarantinePattern: string | null;
}

export type RegistryAnswer =
  | { ok: true; status: 'free' | 'taken' | 'quarantine' }
  | { ok: false; reason: 'rate-limited'; retryAfterSeconds: number | null }
  | { ok: false; reason: 'timeout' | 'unreachable' | 'unsupported' | 'unexpected-answer'; detail?: string };

export interface RegistryPort extends DomainRegistrar {
  readonly name: string;
  /** Looks up one full domain (`mijnbakkerij.nl`). Expected failures are answers, never throws. */
  lookup(domain: string, settings: RegistrySettings, signal: AbortSignal): Promise<RegistryAnswer>;
}

/** The domain holder as the registry receives it. */
export interface RegistrantContact {
  company: string;
  name: string;
  street: string;
  houseNumber: string;
  postcode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  phone: string;
  email: string;
}

export interface DomainRegistrationRequest {
  /** Ours: the order line that asks for it; repeating the same reference answers the first result. */
  clientRef: string;
  domain: string;
  kind: 'registration' | 'transfer';
  /** Transfers only. */
  transferCode: string | null;
  years: number;
  registrant: RegistrantContact;
}

/**
 * A registration is done at once, with its expiry date. A transfer is accepted and then waits
 * for the losing registrar's period (`completesAt`, when the registry says): ask `transferStatus`.
 */
export type DomainRegistrationAnswer =
  | { ok: true; state: 'registered'; expiresAt: Date }
  | { ok: true; state: 'transfer_pending'; completesAt: Date | null }
  | { ok: false; reason: 'taken' | 'invalid-transfer-code' | 'unsupported' | 'unreachable' | 'timeout'; detail?: string };

/** Where a transfer that was accepted (`transfer_pending`) stands. */
export type TransferStatusAnswer =
  | { ok: true; state: 'pending'; completesAt: Date | null }
  | { ok: true; state: 'completed'; expiresAt: Date }
  /** The losing registrar or the holder refused it. */
  | { ok: true; state: 'rejected'; detail: string }
  /** `unknown`: the registry has no transfer for this reference (ask `register` again). */
  | { ok: false; reason: 'unknown' | 'unsupported' | 'unreachable' | 'timeout'; detail?: string };

/**
 * Registers or transfers in a domain. Lookup protocols (RDAP, WHOIS) cannot register: their
 * adapters answer `unsupported`; the simulated registry registers (the name is taken from then on).
 */
export interface DomainRegistrar {
  /** A repeat with the same `clientRef` answers the first answer again and does nothing. */
  register(request: DomainRegistrationRequest, signal?: AbortSignal): Promise<DomainRegistrationAnswer>;
  /** The state of the transfer that `register` accepted for this `clientRef`. */
  transferStatus(request: { clientRef: string; domain: string }, signal?: AbortSignal): Promise<TransferStatusAnswer>;
  /** Undo of `register` inside the registry's grace period. */
  release(domain: string, clientRef: string): Promise<{ ok: true } | { ok: false; reason: 'unsupported' | 'unreachable'; detail?: string }>;
  /** Delegates the domain to these name servers (moving its DNS to the shop). Doing it twice is fine. */
  setNameservers(domain: string, nameservers: readonly string[]): Promise<{ ok: true } | { ok: false; reason: 'unsupported' | 'unreachable'; detail?: string }>;
  /** Gives the domain this holder (registrant). Sending the same holder twice is fine. */
  updateHolder(domain: string, registrant: RegistrantContact): Promise<{ ok: true } | { ok: false; reason: 'unsupported' | 'unreachable' | 'unknown-domain'; detail?: string }>;
}
