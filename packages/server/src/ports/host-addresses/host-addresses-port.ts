/**
 * What a host name resolves to now (A and AAAA), asked before the forwarding responder orders a
 * certificate for it: only a name that points at the responder can pass the ACME validation,
 * and an order that is bound to fail only spends the authority's rate limit. Adapters: `system`
 * (real DNS through the given resolvers, or the system's) and `unchecked` (no question asked).
 */
export interface HostAddressesPort {
  readonly name: 'system' | 'unchecked';
  /** The addresses (IPv6 in canonical form as `node:dns` gives it); null when this adapter does not check. */
  addresses(host: string): Promise<string[] | null>;
}
