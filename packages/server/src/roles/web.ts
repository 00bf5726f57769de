import { buildApp } from '../app.ts';
import type { Services } from '../services.ts';
import type { RunningRole } from './running-role.ts';

/** The web role: the shop's HTTP app on `host:port`. Stopping closes the listener and waits for open requests. */
export async function startWeb(services: Services, listen: { host: string; port: number }): Promise<RunningRole> {
  const app = await buildApp(services);
  await app.listen(listen);
  return { name: 'web', stop: () => app.close() };
}
