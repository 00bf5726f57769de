import type { FastifyReply } from 'fastify';
import type { CounterPort } from '../../ports/counters/counter-port.ts';

/** A limit's figures at this call, as the `X-RateLimit-*` headers send them. */
export interface LimitFigures {
  limit: number;
  remaining: number;
  /** Seconds until its window ends. */
  resetSeconds: number;
}

/** The headers the site-wide limit (`@fastify/rate-limit`) sends, with the same names here. */
export const RATE_LIMIT_HEADERS = { limit: 'x-ratelimit-limit', remaining: 'x-ratelimit-remaining', reset: 'x-ratelimit-reset' } as const;

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function send(reply: FastifyReply, figures: LimitFigures): void {
  reply.header(RATE_LIMIT_HEADERS.limit, String(figures.limit));
  reply.header(RATE_LIMIT_HEADERS.remaining, String(figures.remaining));
  reply.header(RATE_LIMIT_HEADERS.reset, String(figures.resetSeconds));
}

/** The site-wide limit's figures for the calling address, as its plugin put them on the reply (none when it skipped the count). */
function siteWideFigures(reply: FastifyReply): LimitFigures | null {
  const [limit, remaining, resetSeconds] = [RATE_LIMIT_HEADERS.limit, RATE_LIMIT_HEADERS.remaining, RATE_LIMIT_HEADERS.reset].map((name) => Number(reply.getHeader(name)));
  return Number.isFinite(limit) && Number.isFinite(remaining) && Number.isFinite(resetSeconds) ? { limit: limit!, remaining: remaining!, resetSeconds: resetSeconds! } : null;
}

/**
 * Counts a call on `key` in a fixed minute window and answers the limit's figures, or null past
 * `limit`: then the reply has Retry-After and this limit's `X-RateLimit-*` (the one that refused),
 * and the caller answers 429.
 */
export async function countCall(counters: CounterPort, reply: FastifyReply, key: string, limit: number): Promise<LimitFigures | null> {
  const hit = await counters.hit(key, 60_000, limit);
  const figures = { limit, remaining: Math.max(0, limit - hit.count), resetSeconds: secondsOf(hit.resetInMs) };
  if (hit.count <= limit) return figures;
  send(reply, figures);
  reply.header('retry-after', String(figures.resetSeconds));
  return null;
}

/**
 * Sends the `X-RateLimit-*` of the limit that binds at this call: of the key's, the reseller's and
 * the site-wide limit of the calling address, the one with the fewest calls left (of two with as
 * many, the one whose window ends later). Replaces the site-wide limit's figures its plugin sent.
 */
export function sendBindingLimit(reply: FastifyReply, figures: LimitFigures[]): void {
  const site = siteWideFigures(reply);
  const candidates = site ? [...figures, site] : figures;
  const binding = candidates.reduce((tightest, next) =>
    next.remaining < tightest.remaining || (next.remaining === tightest.remaining && next.resetSeconds > tightest.resetSeconds) ? next : tightest,
  );
  send(reply, binding);
}
