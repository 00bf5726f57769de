import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A host as a browser sends it: a DNS name or an IP address, with an optional port; nothing else. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

export interface ShopOrigin {
  /** `PUBLIC_URL`, when set: the one address of the shop. */
  publicUrl: string | null;
  /** The configured base (`PUBLIC_URL` or `http://localhost:$PORT`): links that leave the request (e-mails). */
  baseUrl: string;
}

const trimmed = (url: string) => url.replace(/\/+$/, '');

/**
 * The shop's address for links the browser of this request follows (the payment provider's page
 * and its way back): `PUBLIC_URL` when it is set; otherwise the address the browser used, so
 * its session cookie is there when it comes back (a shop opened at 127.0.0.1 must not send the
 * customer to localhost). The host comes from the Host header, or from X-Forwarded-Host and
 * -Proto only behind trusted proxies (`TRUST_PROXY`, Fastify's rules); one that is not a plain
 * host name falls back to the configured base. The answer goes to the same browser that sent
 * the header, so a forged Host only misleads the one who forged it; e-mails never use it.
 */
export function shopUrlOf(request: FastifyRequest, origin: ShopOrigin): string {
  if (origin.publicUrl) return trimmed(origin.publicUrl);
  const host = request.host;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  // URL's origin writes the address as browsers compare it (lower case, no default port).
  return host && HOST.test(host) ? new URL(`${protocol}://${host}`).origin : trimmed(origin.baseUrl);
}

/**
 * Fastify's `trustProxy` for `TRUST_PROXY`: a list of addresses and subnets believes the forwarded
 * headers only of a connection from one of them (a client that reaches the server directly cannot
 * choose its address); a number believes that many hops, whoever sent them.
 */
export function trustProxyOption(trusted: number | string[]): false | string[] | ((address: string, hop: number) => boolean) {
  if (Array.isArray(trusted)) return trusted;
  return trusted > 0 ? (_address, hop) => hop < trusted : false;
}

/** Paths that answer on any host: the health check that load balancers and probes ask by IP address. */
const ANY_HOST = new Set(['/health']);

/**
 * With `PUBLIC_URL` set, a page asked for at another host name (127.0.0.1 for localhost, the
 * bare domain for www) is sent to the same path at `PUBLIC_URL` with a 308, before any cookie
 * is set, so the session lives at the one address every link leads to. Only GET and HEAD: a
 * form or API call is never repeated elsewhere (a 308 would resend its body to another host).
 */
export function registerCanonicalHost(app: FastifyInstance, publicUrl: string | null): void {
  if (!publicUrl) return;
  const canonical = new URL(publicUrl);
  const canonicalHost = canonical.host.toLowerCase();
  const base = trimmed(`${canonical.protocol}//${canonical.host}`);
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const host = request.host?.toLowerCase();
    if (!host || host === canonicalHost) return;
    const path = request.url.split('?')[0] ?? '/';
    if (ANY_HOST.has(path)) return;
    // `request.url` is the path and query as received: always starts with '/', never a host.
    const target = request.url.startsWith('/') && !request.url.startsWith('//') ? request.url : '/';
    return reply.redirect(`${base}${target}`, 308);
  });
}
