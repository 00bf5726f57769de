import type pg from 'pg';

let loading: Promise<typeof pg> | null = null;

/**
 * The PostgreSQL driver, loaded once, when a server database (or pg-boss) first needs it: a shop on
 * the embedded database does not load it to start.
 *
 * On Node 20, which has no `navigator`, pg's check for Cloudflare Workers when it loads makes a
 * `Response`, and Node 20 loads its whole `fetch` implementation (undici) for that: 20 to 25 ms of
 * a server's start on a small machine. While pg loads, a `navigator` says Node.js, as Node 21 and
 * later have one of their own; it is taken away once pg is loaded.
 */
export function loadPg(): Promise<typeof pg> {
  loading ??= (async () => {
    const stand = !('navigator' in globalThis);
    if (stand) Object.defineProperty(globalThis, 'navigator', { value: { userAgent: `Node.js/${process.versions.node}` }, configurable: true });
    try {
      return (await import('pg')).default;
    } finally {
      if (stand) Reflect.deleteProperty(globalThis, 'navigator');
    }
  })();
  return loading;
}
