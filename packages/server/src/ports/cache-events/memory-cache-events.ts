import type { CacheEventHandler, CacheEventsPort } from './cache-events-port.ts';

/** Handlers of one process, shared by the adapters. */
export class LocalHandlers {
  private readonly handlers: CacheEventHandler[] = [];
  add(handler: CacheEventHandler): void {
    this.handlers.push(handler);
  }
  deliver(keys: readonly string[] | null): void {
    for (const handler of this.handlers) handler(keys);
  }
}

/** One process only: right while one process serves the shop (the embedded database). */
export function createMemoryCacheEvents(): CacheEventsPort {
  const local = new LocalHandlers();
  return {
    name: 'memory',
    live: true,
    async publish(keys) {
      local.deliver(keys);
    },
    subscribe: (handler) => local.add(handler),
    async close() {},
  };
}
