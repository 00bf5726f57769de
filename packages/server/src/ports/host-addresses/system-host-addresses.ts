import { Resolver } from 'node:dns/promises';
import type { HostAddressesPort } from './host-addresses-port.ts';

/** A host's A and AAAA records through `node:dns`: the resolvers given (`host` or `host:port`), or the system's. */
export function createSystemHostAddresses(options: { servers?: readonly string[]; timeoutMs?: number } = {}): HostAddressesPort {
  return {
    name: 'system',
    async addresses(host) {
      const resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: 2 });
      if (options.servers && options.servers.length > 0) resolver.setServers([...options.servers]);
      // A failed or empty answer is no address: the host does not (yet) point at the responder.
      const [v4, v6] = await Promise.all([resolver.resolve4(host).catch(() => []), resolver.resolve6(host).catch(() => [])]);
      return [...v4, ...v6];
    },
  };
}

/** Takes every host as pointing at the responder (tests without DNS, or an operator who checks elsewhere). */
export function createUncheckedHostAddresses(): HostAddressesPort {
  return { name: 'unchecked', addresses: () => Promise.resolve(null) };
}
