import { isHostName, isIpv6 } from '@kavel/core';

export type RequestHost = { ok: true; domain: string | null } | { ok: false };

const HOST_WITH_PORT = /^(\[[0-9a-f:.]+\]|[^:[\]]*)(?::\d{1,5})?$/i;

/**
 * What a request's Host header asks for: a domain name (lower case, without port or trailing
 * dot), or null for a host that is no forward's (an address, a single label). Not ok for what is
 * no host at all: anything but a host name or a bracketed IPv6 address with an optional port of
 * digits. Nothing is decoded or cut off first: `alpha.nl\evil.nl`, `alpha.nl/x` and `alpha%2enl`
 * are refused, never read as `alpha.nl`. Browsers send an internationalised name in Punycode.
 */
export function requestHost(header: string | undefined): RequestHost {
  const match = header === undefined ? null : HOST_WITH_PORT.exec(header);
  const host = match?.[1];
  if (host === undefined) return { ok: false };
  if (host.startsWith('[')) return isIpv6(host.slice(1, -1)) ? { ok: true, domain: null } : { ok: false };
  return isHostName(host) ? { ok: true, domain: domainOf(host) } : { ok: false };
}

/** A host name's domain: lower case, without the trailing dot; null for an address or a single label. */
function domainOf(host: string): string | null {
  const domain = (host.endsWith('.') ? host.slice(0, -1) : host).toLowerCase();
  return !domain.includes('.') || /^[\d.]+$/.test(domain) ? null : domain;
}

/** The domain name of a TLS handshake's server name (SNI); null for what is no host name (a port included), an address or a single label. */
export function serverNameDomain(servername: string): string | null {
  return isHostName(servername) ? domainOf(servername) : null;
}

/** Whether a request carries more than one Host header (Node keeps the first; a proxy before us may have used the other). */
export function hasTwoHosts(rawHeaders: readonly string[]): boolean {
  let hosts = 0;
  for (let index = 0; index < rawHeaders.length; index += 2) if (rawHeaders[index]!.toLowerCase() === 'host') hosts++;
  return hosts > 1;
}

/** The domain names whose forward answers a host: the host itself, and the domain of its `www.`. */
export function hostCandidates(host: string): string[] {
  return host.startsWith('www.') && host.split('.').length > 2 ? [host, host.slice(4)] : [host];
}

/** The cache keys under which the responder keeps what it found for a domain's hosts. */
export const forwardCacheKeys = (domain: string) => [`forward:${domain}`, `forward:www.${domain}`];
export const forwardCacheKey = (host: string) => `forward:${host}`;
