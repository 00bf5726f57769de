/** Registry lookups over RDAP (RFC 9082 queries, RFC 9083 answers). */
import { domainToASCII } from 'node:url';
import { lookupOnlyRegistrar } from './lookup-only-registrar.ts';
import type { RegistryAnswer, RegistryPort, RegistrySettings } from './registry-port.ts';
import { readCapped } from '../read-capped.ts';

export interface RdapRegistryOptions {
  /** Use this base URL for every extension instead of `settings.rdapBaseUrl` (tests, a local mirror). */
  baseUrlOverride?: string | null;
  fetchImpl?: typeof fetch;
  userAgent?: string;
}

/** RDAP statuses (RFC 8056 mapping of EPP) that mean "deleted, but not yet free". */
const QUARANTINE_STATUSES = new Set(['redemptionperiod', 'pendingdelete', 'pendingrestore']);

/** Larger answers are not domain objects; stop reading there. */
const MAX_BODY_BYTES = 1024 * 1024;

/** Parses a Retry-After header: delta-seconds or an HTTP-date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number.parseInt(trimmed, 10);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

function normaliseStatus(status: string): string {
  return status.toLowerCase().replace(/[\s_-]+/g, '');
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    if (cause instanceof Error) {
      const code = (cause as Error & { code?: unknown }).code;
      return typeof code === 'string' ? `${code}: ${cause.message}` : cause.message;
    }
    return error.message;
  }
  return String(error);
}

async function discard(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // The connection is already gone; nothing left to release.
  }
}

function statusOf(json: unknown): RegistryAnswer {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { ok: false, reason: 'unexpected-answer', detail: 'RDAP answer is not a JSON object' };
  }
  const statuses = (json as { status?: unknown }).status;
  if (Array.isArray(statuses)) {
    for (const status of statuses) {
      if (typeof status === 'string' && QUARANTINE_STATUSES.has(normaliseStatus(status))) {
        return { ok: true, status: 'quarantine' };
      }
    }
  }
  return { ok: true, status: 'taken' };
}

export function createRdapRegistry(options: RdapRegistryOptions = {}): RegistryPort {
  const fetchImpl = options.fetchImpl ?? fetch;
  const userAgent = options.userAgent ?? 'Kavel domain check';

  return {
    ...lookupOnlyRegistrar,
    name: 'rdap',
    async lookup(domain: string, settings: RegistrySettings, signal: AbortSignal): Promise<RegistryAnswer> {
      const base = options.baseUrlOverride || settings.rdapBaseUrl;
      if (!base) return { ok: false, reason: 'unsupported', detail: `no RDAP server for .${settings.extension}` };
      const name = domainToASCII(domain.trim());
      if (!name) return { ok: false, reason: 'unsupported', detail: `not a domain name: ${domain}` };
      let url: URL;
      try {
        url = new URL(`domain/${encodeURIComponent(name)}`, base.endsWith('/') ? base : `${base}/`);
      } catch {
        return { ok: false, reason: 'unsupported', detail: `invalid RDAP base URL: ${base}` };
      }
      if (signal.aborted) return { ok: false, reason: 'timeout' };

      try {
        const response = await fetchImpl(url, {
          method: 'GET',
          headers: { accept: 'application/rdap+json', 'user-agent': userAgent },
          redirect: 'follow',
          signal,
        });
        if (response.status === 404) {
          await discard(response);
          return { ok: true, status: 'free' };
        }
        if (response.status === 429) {
          await discard(response);
          return { ok: false, reason: 'rate-limited', retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')) };
        }
        if (response.status !== 200) {
          await discard(response);
          return { ok: false, reason: 'unexpected-answer', detail: `HTTP ${response.status} from ${url.host}` };
        }
        const body = await readCapped(response, MAX_BODY_BYTES);
        if (body === null) return { ok: false, reason: 'unexpected-answer', detail: 'RDAP answer larger than 1 MiB' };
        let json: unknown;
        try {
          json = JSON.parse(body);
        } catch {
          return { ok: false, reason: 'unexpected-answer', detail: 'RDAP answer is not valid JSON' };
        }
        return statusOf(json);
      } catch (error) {
        if (signal.aborted) return { ok: false, reason: 'timeout' };
        return { ok: false, reason: 'unreachable', detail: describe(error) };
      }
    },
  };
}
