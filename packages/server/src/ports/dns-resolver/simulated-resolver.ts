import { createHash } from 'node:crypto';
import type { DnsResolverPort } from './dns-resolver-port.ts';

/**
 * A domain hosted elsewhere, as a resolver would find it: the other company's name servers, a
 * website, mail and SPF. The addresses come from the name (documentation ranges), so the same
 * domain always scans the same.
 */
export function createSimulatedResolver(): DnsResolverPort {
  return {
    async scan(domain) {
      const name = domain.trim().toLowerCase();
      const octet = (createHash('sha256').update(name).digest()[0] ?? 0) % 250 + 2;
      return {
        ok: true,
        nameservers: ['ns1.elders-hosting.nl', 'ns2.elders-hosting.nl'],
        records: [
          { name: '@', type: 'A', value: `198.51.100.${octet}`, priority: null, ttl: 3600 },
          { name: 'www', type: 'CNAME', value: `${name}.`, priority: null, ttl: 3600 },
          { name: '@', type: 'MX', value: `mail.${name}.`, priority: 10, ttl: 3600 },
          { name: 'mail', type: 'A', value: `198.51.100.${octet + 1}`, priority: null, ttl: 3600 },
          { name: '@', type: 'TXT', value: 'v=spf1 mx ~all', priority: null, ttl: 3600 },
        ],
      };
    },
  };
}
