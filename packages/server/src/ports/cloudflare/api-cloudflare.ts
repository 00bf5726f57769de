/**
 * Cloudflare API v4 over fetch, with an API token (Bearer). `protect` looks the zone up by name
 * in the account (`GET /zones?name=`), creates it when there is none (`POST /zones`, type
 * `full`), and sets its plan through the zone subscription (`PUT /zones/:id/subscription` with
 * `rate_plan.id`; `POST` when the zone has no subscription yet), which is Cloudflare's documented
 * way to change a zone's plan. Every answer is read from the v4 envelope
 * `{ success, errors, messages, result }`: a 4xx is `refused` with Cloudflare's own message (404:
 * `unknown`), a 5xx, a broken connection or no answer within the timeout is `unreachable`.
 */
import { z } from 'zod';
import type { CloudflareFailure, CloudflarePlan, CloudflarePort, ProtectAnswer, ProtectRequest, ZoneStatusAnswer } from './cloudflare-port.ts';

export const DEFAULT_CLOUDFLARE_API_URL = 'https://api.cloudflare.com/client/v4';

export interface ApiCloudflareOptions {
  /** `CLOUDFLARE_API_URL`, without a trailing slash needed. */
  baseUrl?: string;
  apiToken: string;
  accountId: string;
  /** Time one call may take before it counts as unreachable. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const ZEnvelope = z.object({
  success: z.boolean(),
  errors: z.array(z.object({ code: z.number().optional(), message: z.string() })).default([]),
  messages: z.array(z.unknown()).default([]),
  result: z.unknown(),
});

const ZZone = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  name_servers: z.array(z.string()).default([]),
  plan: z.object({ legacy_id: z.string().optional() }).partial().nullish(),
});
type Zone = z.infer<typeof ZZone>;

type CallAnswer = { ok: true; result: unknown } | (CloudflareFailure & { httpStatus?: number });

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return 'no answer in time';
  const cause = (error as Error & { cause?: unknown }).cause;
  return cause instanceof Error ? cause.message : error.message;
}

const zoneAnswer = (zone: Zone) => ({
  ok: true as const,
  zoneId: zone.id,
  nameservers: zone.name_servers,
  status: zone.status === 'active' ? ('active' as const) : ('pending' as const),
});

export function createApiCloudflare(options: ApiCloudflareOptions): CloudflarePort {
  const baseUrl = (options.baseUrl ?? DEFAULT_CLOUDFLARE_API_URL).replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call(method: string, path: string, body?: unknown): Promise<CallAnswer> {
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${options.apiToken}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      return { ok: false, reason: 'unreachable', detail: describe(error) };
    }
    if (response.status >= 500) return { ok: false, reason: 'unreachable', detail: `HTTP ${response.status}`, httpStatus: response.status };
    let envelope: z.infer<typeof ZEnvelope> | null = null;
    try {
      const parsed = ZEnvelope.safeParse(JSON.parse(text));
      if (parsed.success) envelope = parsed.data;
    } catch {
      // not JSON: judged below
    }
    const message = envelope?.errors.map((error) => (error.code === undefined ? error.message : `${error.code}: ${error.message}`)).join('; ');
    if (response.status >= 400) {
      const detail = message || `HTTP ${response.status}`;
      return { ok: false, reason: response.status === 404 ? 'unknown' : 'refused', detail, httpStatus: response.status };
    }
    if (!envelope) return { ok: false, reason: 'unreachable', detail: 'answer is not a Cloudflare v4 envelope' };
    if (!envelope.success) return { ok: false, reason: 'refused', detail: message || 'success: false', httpStatus: response.status };
    return { ok: true, result: envelope.result };
  }

  async function callZone(method: string, path: string, body?: unknown): Promise<{ ok: true; zone: Zone } | CloudflareFailure> {
    const answer = await call(method, path, body);
    if (!answer.ok) return strip(answer);
    const zone = ZZone.safeParse(answer.result);
    return zone.success ? { ok: true, zone: zone.data } : { ok: false, reason: 'unreachable', detail: 'answer holds no zone' };
  }

  async function findZone(name: string): Promise<{ ok: true; zone: Zone | null } | CloudflareFailure> {
    const query = new URLSearchParams({ name, 'account.id': options.accountId });
    const answer = await call('GET', `/zones?${query}`);
    if (!answer.ok) return strip(answer);
    const zones = z.array(ZZone).safeParse(answer.result);
    if (!zones.success) return { ok: false, reason: 'unreachable', detail: 'answer holds no list of zones' };
    return { ok: true, zone: zones.data.find((zone) => zone.name === name) ?? null };
  }

  async function setPlan(zone: Zone, plan: CloudflarePlan): Promise<{ ok: true } | CloudflareFailure> {
    if (zone.plan?.legacy_id === plan) return { ok: true };
    const subscription = { rate_plan: { id: plan }, frequency: 'monthly' };
    const updated = await call('PUT', `/zones/${encodeURIComponent(zone.id)}/subscription`, subscription);
    if (updated.ok) return { ok: true };
    if (updated.httpStatus !== 404) return strip(updated);
    // A zone without a subscription yet (a new free zone) gets one.
    const created = await call('POST', `/zones/${encodeURIComponent(zone.id)}/subscription`, subscription);
    return created.ok ? { ok: true } : strip(created);
  }

  return {
    name: 'api',

    async protect(request: ProtectRequest): Promise<ProtectAnswer> {
      const name = request.domain.trim().toLowerCase().replace(/\.$/, '');
      const found = await findZone(name);
      if (!found.ok) return found;
      let zone = found.zone;
      if (!zone) {
        const created = await callZone('POST', '/zones', { name, account: { id: options.accountId }, type: 'full' });
        if (created.ok) zone = created.zone;
        else {
          // Another process may have created it meanwhile: Cloudflare refuses a second zone of that name.
          if (created.reason !== 'refused') return created;
          const again = await findZone(name);
          if (!again.ok) return again;
          if (!again.zone) return created;
          zone = again.zone;
        }
      }
      const planned = await setPlan(zone, request.plan);
      return planned.ok ? zoneAnswer(zone) : planned;
    },

    async status(zoneId: string): Promise<ZoneStatusAnswer> {
      const answer = await callZone('GET', `/zones/${encodeURIComponent(zoneId)}`);
      return answer.ok ? zoneAnswer(answer.zone) : answer;
    },

    async remove(zoneId: string) {
      const answer = await call('DELETE', `/zones/${encodeURIComponent(zoneId)}`);
      return answer.ok ? { ok: true } : strip(answer);
    },
  };
}

/** The answer without the HTTP status the adapter used to decide. */
function strip(failure: CloudflareFailure & { httpStatus?: number }): CloudflareFailure {
  return failure.detail === undefined ? { ok: false, reason: failure.reason } : { ok: false, reason: failure.reason, detail: failure.detail };
}
