import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Vitest's global set-up of the browser suite: compiles the server (`npm run build:server`, well
 * under a second), so the shops the tests start run the code as it is now. The front end is built
 * by `npm run build`, which `npm test` runs before this suite.
 */
export default function buildServer(): void {
  execFileSync(process.execPath, [fileURLToPath(new URL('../../packages/server/build.mjs', import.meta.url))], { stdio: 'inherit' });
}
