import { buildApp } from '../app.ts';
import type { Services } from '../services.ts';
import type { RunningRole } from './running-role.ts';

/**
 * The web role: the shop's HTTP app on `host:port`. Stopping closes the listener and waits for
 * open requests. `afterAnswer` runs after each response (its transaction has committed): in the
 * `all` role it wakes this process's workers, so a job written by the request starts at once.
 */
export async function startWeb(services: Services, listen: { host: string; port: number }, options: { afterAnswer?: () => void } = {}): Promise<RunningRole> {
  const app = await buildApp(services);
  const afterAnswer = options.afterAnswer;
  if (afterAnswer) app.addHook('onResponse', async () => afterAnswer());
  await app.listen(listen);
  return { name: 'web', stop: () => app.close() };
}
