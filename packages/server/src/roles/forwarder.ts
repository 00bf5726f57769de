import { buildForwardResponder } from '../features/domains/forward-responder.ts';
import type { Services } from '../services.ts';
import type { RunningRole } from './running-role.ts';

/**
 * The forwarding responder role: answers the domains forwarded by HTTP or IFRAME on its own
 * port (`FORWARDER_PORT`). Stopping closes the listener and waits for open requests.
 */
export async function startForwarder(services: Pick<Services, 'forwards' | 'log'>, listen: { host: string; port: number }): Promise<RunningRole & { port: number }> {
  const app = await buildForwardResponder({ forwards: services.forwards, log: services.log });
  await app.listen(listen);
  const address = app.server.address();
  return { name: 'forwarder', port: typeof address === 'object' && address ? address.port : listen.port, stop: () => app.close() };
}
