import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import { Redis } from 'ioredis';

/**
 * The Redis server the Redis tests run on: `REDIS_URL_TEST` when set (then it must answer, or the
 * tests fail rather than skip; `.ci/run` sets it when 127.0.0.1:6379 answers), otherwise
 * 127.0.0.1:6379 when something answers there.
 */
export async function findTestRedis(): Promise<string | null> {
  const configured = process.env.REDIS_URL_TEST;
  if (configured) return configured;
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = new Socket();
    const settle = (answer: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    // A process busy loading its modules runs its due timers before it reads the finished connect:
    // the verdict waits one more turn (setImmediate comes after that read), or Redis would be
    // taken for absent, and its tests skipped, whenever the machine is loaded.
    const timer = setTimeout(() => setImmediate(() => settle(false)), 1000);
    socket.once('connect', () => settle(true));
    socket.once('error', () => settle(false));
    socket.connect(6379, '127.0.0.1');
  });
  return reachable ? 'redis://127.0.0.1:6379' : null;
}

/** The Redis URL for the tests, found once per test file before the suites are declared. */
export const testRedisUrl = await findTestRedis();

/** A connection with a key prefix of its own, so parallel test runs never count each other's hits. */
export interface TestRedis {
  client: Redis;
  keyPrefix: string;
  /** Deletes this test's keys and closes the connection. */
  close(): Promise<void>;
}

export async function openTestRedis(url: string): Promise<TestRedis> {
  const client = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true });
  await client.connect();
  const keyPrefix = `kavel-test:${randomBytes(6).toString('hex')}:`;
  return {
    client,
    keyPrefix,
    async close() {
      const keys = await client.keys(`${keyPrefix}*`);
      // In slices: a benchmark leaves a hundred thousand keys, too many arguments for one call.
      for (let start = 0; start < keys.length; start += 1000) await client.del(...keys.slice(start, start + 1000));
      await client.quit();
    },
  };
}
