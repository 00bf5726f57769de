import { Resolver } from 'node:dns/promises';
import { storedTxt, type TDnsRecordStored } from '@kavel/core';
import type { DnsResolverPort } from './dns-resolver-port.ts';

/** Names below the apex that hosting customers commonly use; a zone cannot be listed, so these are asked. */
const HOSTS = ['www', 'mail', 'webmail', 'ftp', 'autodiscover', 'shop', 'blog'];
const SRV_NAMES = ['_sip._tcp', '_sip._udp', '_autodiscover._tcp', '_imaps._tcp', '_submission._tcp', '_caldavs._tcp'];
const TXT_NAMES = ['_dmarc', 'default._domainkey', 'google._domainkey', 'selector1._domainkey', 'selector2._domainkey'];

const NO_DATA = new Set(['ENODATA', 'ENOTFOUND', 'ESERVFAIL', 'EREFUSED', 'ENONAME']);
const dotted = (name: string) => `${name.toLowerCase().replace(/\.$/, '')}.`;

/**
 * Scans through real DNS (`node:dns`): the resolvers given (host or host:port), or the system's.
 * Asks the delegation (NS), then the records at the apex and the usual names.
 */
export function createSystemResolver(options: { servers?: readonly string[]; timeoutMs?: number } = {}): DnsResolverPort {
  return {
    async scan(domain) {
      const zone = domain.trim().toLowerCase().replace(/\.$/, '');
      const resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: 2 });
      if (options.servers && options.servers.length > 0) resolver.setServers([...options.servers]);
      // Missing data is an empty answer; anything else (a timeout, a refusal of the whole zone) is a failure.
      const ask = async <T>(question: () => Promise<T[]>): Promise<T[]> => {
        try {
          return await question();
        } catch (error) {
          if (NO_DATA.has((error as NodeJS.ErrnoException).code ?? '')) return [];
          throw error;
        }
      };
      try {
        const nameservers = (await ask(() => resolver.resolveNs(zone))).map((server) => server.toLowerCase());
        if (nameservers.length === 0) return { ok: false, reason: 'notFound', detail: `${zone} has no name servers` };
        const records: TDnsRecordStored[] = [];
        const at = (name: string) => (name === '@' ? zone : `${name}.${zone}`);
        const addresses = async (name: string) => {
          const cname = await ask(() => resolver.resolveCname(at(name)));
          if (cname[0] && name !== '@') return void records.push({ name, type: 'CNAME', value: dotted(cname[0]), priority: null, ttl: 3600 });
          for (const value of await ask(() => resolver.resolve4(at(name)))) records.push({ name, type: 'A', value, priority: null, ttl: 3600 });
          for (const value of await ask(() => resolver.resolve6(at(name)))) records.push({ name, type: 'AAAA', value, priority: null, ttl: 3600 });
        };
        const texts = async (name: string) => {
          for (const chunks of await ask(() => resolver.resolveTxt(at(name)))) records.push({ name, type: 'TXT', value: storedTxt(chunks), priority: null, ttl: 3600 });
        };
        await addresses('@');
        for (const mx of await ask(() => resolver.resolveMx(zone))) records.push({ name: '@', type: 'MX', value: dotted(mx.exchange), priority: mx.priority, ttl: 3600 });
        await texts('@');
        for (const host of HOSTS) await addresses(host);
        for (const name of SRV_NAMES) {
          for (const srv of await ask(() => resolver.resolveSrv(at(name)))) records.push({ name, type: 'SRV', value: `${srv.weight} ${srv.port} ${dotted(srv.name)}`, priority: srv.priority, ttl: 3600 });
        }
        for (const name of TXT_NAMES) await texts(name);
        return { ok: true, nameservers, records };
      } catch (error) {
        return { ok: false, reason: 'unreachable', detail: (error as Error).message };
      }
    },
  };
}
