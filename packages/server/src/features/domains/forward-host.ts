import { domainToASCII } from 'node:url';

/**
 * The name a request asked for, from its Host header: lower case, without port or trailing dot,
 * an internationalised name in ASCII (Punycode). Null for what is no domain name (missing, an
 * IP address, malformed).
 */
export function normaliseHost(header: string | undefined): string | null {
  if (!header) return null;
  let host = header.trim().toLowerCase();
  if (host.startsWith('[')) return null; // an IPv6 literal
  const colon = host.lastIndexOf(':');
  if (colon !== -1) {
    if (!/^\d{1,5}$/.test(host.slice(colon + 1))) return null;
    host = host.slice(0, colon);
  }
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (host === '' || /^[\d.]+$/.test(host)) return null;
  const ascii = domainToASCII(host);
  if (ascii === '' || !ascii.includes('.') || ascii.length > 253 || !/^[a-z0-9.-]+$/.test(ascii)) return null;
  return ascii;
}

/** The domain names whose forward answers a host: the host itself, and the domain of its `www.`. */
export function hostCandidates(host: string): string[] {
  return host.startsWith('www.') && host.split('.').length > 2 ? [host, host.slice(4)] : [host];
}

/** The cache keys under which the responder keeps what it found for a domain's hosts. */
export const forwardCacheKeys = (domain: string) => [`forward:${domain}`, `forward:www.${domain}`];
export const forwardCacheKey = (host: string) => `forward:${host}`;
