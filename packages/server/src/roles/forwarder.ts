import type { FastifyInstance } from 'fastify';
import { buildForwardResponder } from '../features/domains/forward-responder.ts';
import type { Services } from '../services.ts';
import type { RunningRole } from './running-role.ts';

const portOf = (app: FastifyInstance, fallback: number) => {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : fallback;
};

/**
 * The forwarding responder role: answers the domains forwarded by HTTP or IFRAME on its own
 * port (`FORWARDER_PORT`), with the ACME HTTP-01 answers; and over HTTPS on `httpsPort` when a
 * certificate authority is configured (certificates on demand, by SNI). Stopping closes the
 * listeners and waits for open requests.
 */
export async function startForwarder(
  services: Pick<Services, 'forwards' | 'forwardTls' | 'log'>,
  listen: { host: string; port: number; httpsPort?: number | null },
): Promise<RunningRole & { port: number; httpsPort: number | null }> {
  const tls = services.forwardTls;
  const base = { forwards: services.forwards, log: services.log, challengeAnswer: tls.challengeAnswer };
  const http = await buildForwardResponder(base);
  await http.listen({ host: listen.host, port: listen.port });
  let https: FastifyInstance | null = null;
  if (tls.enabled && listen.httpsPort !== undefined && listen.httpsPort !== null) {
    https = await buildForwardResponder({ ...base, tls });
    await https.listen({ host: listen.host, port: listen.httpsPort });
  }
  return {
    name: 'forwarder',
    port: portOf(http, listen.port),
    httpsPort: https ? portOf(https, listen.httpsPort!) : null,
    stop: async () => {
      await Promise.all([http.close(), https?.close()]);
    },
  };
}
