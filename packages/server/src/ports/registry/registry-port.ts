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

export interface RegistryPort {
  readonly name: string;
  /** Looks up one full domain (`mijnbakkerij.nl`). Expected failures are answers, never throws. */
  lookup(domain: string, settings: RegistrySettings, signal: AbortSignal): Promise<RegistryAnswer>;
}
