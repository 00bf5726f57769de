/**
 * The registering half of a registry port for adapters that can only look names up (RDAP, WHOIS):
 * those protocols have no way to register, so every call answers `unsupported`.
 */
import type { DomainRegistrar } from './registry-port.ts';

export const lookupOnlyRegistrar: DomainRegistrar = {
  async register() {
    return { ok: false, reason: 'unsupported', detail: 'this registry adapter can only look names up' };
  },
  async transferStatus() {
    return { ok: false, reason: 'unsupported', detail: 'this registry adapter can only look names up' };
  },
  async release() {
    return { ok: false, reason: 'unsupported', detail: 'this registry adapter can only look names up' };
  },
  async setNameservers() {
    return { ok: false, reason: 'unsupported', detail: 'this registry adapter can only look names up' };
  },
  async updateHolder() {
    return { ok: false, reason: 'unsupported', detail: 'this registry adapter can only look names up' };
  },
};
