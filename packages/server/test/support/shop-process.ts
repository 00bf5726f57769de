import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
/** What `npm start` runs after the build (`npm run build:server`). */
export const COMPILED_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

/** A free TCP port on 127.0.0.1 (asked of the system, then let go). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A shop process as an operator starts it (`npm run serve`, i.e. `tsx src/main.ts`) with its own environment. */
export interface ShopProcess {
  readonly name: string;
  /** `http://127.0.0.1:<port>` for a web process, null for a worker. */
  readonly url: string | null;
  /** The last lines it wrote (stdout and stderr), for a failure's message. */
  output(): string;
  /** Resolves once it serves (web: `/health` answers) or runs the jobs (worker: its start line). */
  ready(timeoutMs: number): Promise<void>;
  /** `kill -9`: no shutdown of any kind. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL if it has not ended within `timeoutMs`. */
  stop(timeoutMs?: number): Promise<void>;
}

/** `compiled`: the built server (`node dist/main.js`, as `npm start` runs it) instead of the sources. */
export function startShopProcess(name: string, env: Record<string, string>, port: number | null, from: 'sources' | 'compiled' = 'sources'): ShopProcess {
  const child: ChildProcess = spawn(process.execPath, from === 'compiled' ? [COMPILED_MAIN] : ['--import', 'tsx', MAIN], {
    env: { ...process.env, ...env, ...(port === null ? {} : { PORT: String(port), HOST: '127.0.0.1' }) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 400) lines.splice(0, lines.length - 400);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = port === null ? null : `http://127.0.0.1:${port}`;
  const output = () => `${name}:\n${lines.slice(-40).join('\n')}`;

  return {
    name,
    url,
    output,
    async ready(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (exited) throw new Error(`${name} ended while starting\n${output()}`);
        if (url === null) {
          if (lines.some((line) => line.includes('Kavel runs the jobs'))) return;
        } else {
          const healthy = await fetch(`${url}/health`).then((response) => response.ok, () => false);
          if (healthy) return;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`${name} did not start within ${timeoutMs} ms\n${output()}`);
    },
    async kill() {
      if (!exited) child.kill('SIGKILL');
      await exit;
    },
    async stop(timeoutMs = 30_000) {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exit;
      clearTimeout(timer);
    },
  };
}
