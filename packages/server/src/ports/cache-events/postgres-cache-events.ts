import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { loadPg } from '../../db/pg-driver.ts';
import type { CacheEventsPort } from './cache-events-port.ts';
import { LocalHandlers } from './memory-cache-events.ts';

const CHANNEL = 'kavel_cache';
const RETRY_MS = 1_000;

/**
 * LISTEN/NOTIFY on a connection of its own (not the pool's: a listening connection stays
 * checked out). A message carries the sender's id, so a process skips its own (it delivered
 * them locally already). When the connection drops, the adapter is not live until it is back,
 * and then tells its handlers that anything may have changed.
 */
export function createPostgresCacheEvents(connectionString: string, onError: (message: string) => void = () => {}): CacheEventsPort & { ready: Promise<void> } {
  const local = new LocalHandlers();
  const sender = randomBytes(6).toString('hex');
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new (await loadPg()).Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      const { from, keys } = JSON.parse(message.payload) as { from: string; keys: string[] };
      if (from !== sender) local.deliver(keys);
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      live = false;
      if (error) onError(`cache events: ${error.message}`);
      next.end().catch(() => {});
      if (!closed) retry = setTimeout(reconnect, RETRY_MS);
    };
    next.on('error', lost);
    next.on('end', () => lost());
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    client = next;
    live = true;
  }

  function reconnect() {
    connect().then(
      // Messages sent while away are lost: every cached entry may be stale.
      () => local.deliver(null),
      (error: Error) => {
        onError(`cache events: ${error.message}`);
        if (!closed) retry = setTimeout(reconnect, RETRY_MS);
      },
    );
  }

  const ready = connect();
  return {
    name: 'postgres',
    ready,
    get live() {
      return live;
    },
    async publish(keys) {
      local.deliver(keys);
      // Without the connection nobody else hears it; the others are not live either then, or
      // they clear everything when theirs comes back.
      await client?.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ from: sender, keys })]).catch((error: Error) => onError(`cache events: ${error.message}`));
    },
    subscribe: (handler) => local.add(handler),
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = null;
      live = false;
      await last?.end();
    },
  };
}
