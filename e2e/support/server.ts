import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { COMPILED_MAIN, freePort } from '../../packages/server/test/support/shop-process.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningShop {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the compiled server as `npm start` does (`node packages/server/dist/main.js`, built by
 * the suite's set-up), on an in-memory embedded database and the built front end, and waits until
 * it answers. The browser tests so check the server that ships.
 */
/** `env` overrides the test defaults; a variable given as undefined is left unset (PUBLIC_URL, say). */
export async function startShop(env: Record<string, string | undefined> = {}): Promise<RunningShop> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [COMPILED_MAIN], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: ':memory:',
      LOG_LEVEL: 'warn',
      REGISTRY_SIMULATED_LATENCY_MS: '150-700',
      RATE_LIMIT_PER_MINUTE: '100000',
      // The forwarding responder of the `all` role on a port of its own choosing, so shops started side by side do not clash.
      FORWARDER_PORT: '0',
      // Where the browser reaches the shop: the payment provider sends it back there, to the same session.
      PUBLIC_URL: url,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running behind a failed test file.
      child.kill('SIGTERM');
      throw new Error('server did not start within 60 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
