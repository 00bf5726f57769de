import { PassThrough } from 'node:stream';
import {
  AVAILABILITY_EVENT,
  AVAILABILITY_STREAM_TTL_MS,
  CAPTCHA_REQUIRED_EVENT,
  contracts,
  domainLabelRefusal,
  type TAvailabilityEvent,
} from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { LANG_COOKIE } from '../../http/session-cookies.ts';
import type { CaptchaPort } from '../../ports/captcha/captcha-port.ts';
import type { AvailabilityService } from './availability-service.ts';
import type { SearchQuota } from './search-quota.ts';

const sseEvent = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * A stream's events go out together once per turn of the event loop, each as soon as that turn
 * ends: under a burst of searches many lookups of one search answer in the same turn, and every
 * write was a system call of its own (a fifth of the server's work in the burst).
 */
function eventWriter(stream: PassThrough): { write(text: string): void; end(): void } {
  let pending = '';
  let flushing: NodeJS.Immediate | null = null;
  const flush = () => {
    flushing = null;
    if (pending === '') return;
    const text = pending;
    pending = '';
    stream.write(text);
  };
  return {
    write(text) {
      pending += text;
      flushing ??= setImmediate(flush);
    },
    end() {
      if (flushing) clearImmediate(flushing);
      flush();
      stream.end();
    },
  };
}

/**
 * `GET /api/check-domain-extensions`: a server-sent event stream with one `domainAvailability`
 * event per extension, each sent as soon as its lookup answers; the stream ends after the last.
 */
export function registerAvailabilityRoutes(
  app: FastifyInstance,
  deps: { availability: AvailabilityService; quota: SearchQuota; captcha: CaptchaPort },
): void {
  // The shop's request rate limit, the same count as every other request's (its key and limit):
  // run in the handler rather than as the route's first hook, so that a new visitor's request
  // count and free-search count go to the shared counters together (one statement on the
  // database, two calls at once on Redis) while the remembered answers are read. As a hook, the
  // search waited for its rate-limit count before it asked for the others.
  const withinRateLimit = app.rateLimit();
  route(
    app,
    contracts.checkDomainExtensions,
    // No session: a search changes nothing and must not cost a session row per cookieless client.
    // Never compressed: a compressor buffers, and each event must reach the browser as it is written.
    { config: { session: false, rateLimit: false }, compress: false },
    async (request, reply) => {
      const { domain, extensions, captchaToken } = request.query;
      // The name part is judged as sent: the server does not clean, so `a--b` is invalid.
      const label = domain.toLowerCase().split('.')[0] ?? '';

      // Within the free searches, or past them with a solved captcha. Meanwhile the search reads
      // the remembered answers, which costs the registry nothing. Past the rate limit, the 429
      // of every other route (the limit's error, its headers).
      const permitted = deps.quota.take(request.ip).then(async (free) => free || (captchaToken ? (await deps.captcha.verify(captchaToken, request.ip)).ok : false));
      const [, allowed, search] = await Promise.all([withinRateLimit.call(app, request, reply), permitted, deps.availability.prepare(label, extensions)]);

      const stream = new PassThrough();
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no');
      void reply.send(stream);

      if (!allowed) {
        stream.end(sseEvent(CAPTCHA_REQUIRED_EVENT, {}));
        return reply;
      }

      const events = eventWriter(stream);
      // Tell the browser not to reconnect by itself; it opens a new stream per search.
      events.write('retry: 120000\n\n');
      // A name that breaks a rule is invalid for every extension, and each event says why (no
      // session here: the language is the one the visitor chose, kept in its cookie).
      const reason = domainLabelRefusal(request.cookies[LANG_COOKIE] === 'en' ? 'en' : 'nl', label);
      const running = search.run((event: TAvailabilityEvent) =>
        events.write(sseEvent(AVAILABILITY_EVENT, reason !== null && event.status === 'invalid' ? { ...event, reason } : event)),
      );
      // A client that goes away stops hearing results, and no stream outlives its upper bound.
      const deadline = setTimeout(running.stop, AVAILABILITY_STREAM_TTL_MS);
      reply.raw.once('close', running.stop);
      try {
        await running.finished;
      } finally {
        clearTimeout(deadline);
        reply.raw.off('close', running.stop);
        events.end();
      }
      return reply;
    },
  );
}
