import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { CacheEventsPort } from './cache-events-port.ts';
import { LocalHandlers } from './memory-cache-events.ts';

/**
 * Redis pub/sub: messages go out on the shared connection, and arrive on a duplicate of it (a
 * subscribed connection can do nothing else). ioredis subscribes again after a reconnect; the
 * messages sent meanwhile are lost, so the handlers hear that anything may have changed.
 */
export function createRedisCacheEvents(client: Redis, keyPrefix: string): CacheEventsPort & { ready: Promise<void> } {
  const local = new LocalHandlers();
  const channel = `${keyPrefix}cache`;
  const sender = randomBytes(6).toString('hex');
  const subscriber = client.duplicate();
  let live = false;
  let subscribedOnce = false;
  subscriber.on('error', () => {});
  subscriber.on('message', (from: string, payload: string) => {
    if (from !== channel) return;
    const message = JSON.parse(payload) as { from: string; keys: string[] };
    if (message.from !== sender) local.deliver(message.keys);
  });
  subscriber.on('close', () => {
    live = false;
  });
  subscriber.on('ready', () => {
    if (!subscribedOnce) return;
    live = true;
    local.deliver(null);
  });
  const ready = subscriber.subscribe(channel).then(() => {
    subscribedOnce = true;
    live = true;
  });
  return {
    name: 'redis',
    ready,
    get live() {
      return live && subscriber.status === 'ready';
    },
    async publish(keys) {
      local.deliver(keys);
      await client.publish(channel, JSON.stringify({ from: sender, keys })).catch(() => {});
    },
    subscribe: (handler) => local.add(handler),
    async close() {
      live = false;
      subscriber.disconnect();
    },
  };
}
