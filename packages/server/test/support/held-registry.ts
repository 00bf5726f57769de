import type { Database } from '../../src/db/connect.ts';
import wellKnown from '../../src/features/catalogue/data/well-known-names.json' with { type: 'json' };
import { shopDomainsAmong } from '../../src/features/domains/domain-service.ts';
import { createSimulatedRegistry } from '../../src/ports/registry/index.ts';
import type { RegistryPort } from '../../src/ports/registry/registry-port.ts';
import { createDatabaseRegistryState } from '../../src/ports/registry/simulated-registry-state.ts';

/**
 * The test shop's simulated registry (as `createTestServices` makes it), with two handles on its
 * registrations: `hold()` makes them wait until `release()`, so that a fulfilment cannot register
 * a name while the test still places orders for it (a registered name is no longer free, which
 * would turn the next order into a transfer); `refuse(name)` has the registry refuse that name
 * for good, as it refuses a name taken meanwhile.
 */
export function heldRegistry() {
  let gate: Promise<void> = Promise.resolve();
  let open: () => void = () => {};
  const refused = new Set<string>();
  return {
    registry(db: Database): RegistryPort {
      const inner = createSimulatedRegistry({ latencyMs: { min: 0, max: 0 }, failureRate: 0, wellKnown, registeredInShop: shopDomainsAmong(db), state: createDatabaseRegistryState(db) });
      return {
        ...inner,
        async register(request, signal) {
          await gate;
          if (refused.has(request.domain)) return { ok: false, reason: 'taken', detail: `${request.domain} was registered by someone else meanwhile` };
          return inner.register(request, signal);
        },
      };
    },
    hold(): void {
      gate = new Promise((resolve) => (open = resolve));
    },
    release(): void {
      open();
    },
    refuse(name: string): void {
      refused.add(name);
    },
  };
}
