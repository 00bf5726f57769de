import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { normaliseHost } from './forward-host.ts';
import { framePage, parkedPage, redirectLocation, type ResponderPage } from './forward-pages.ts';
import type { ForwardService } from './forward-service.ts';

/**
 * The forwarding responder (the `forwarder` role): one catch-all route that finds the forward
 * of the request's Host (and of the domain of a `www.` host) and answers its redirect or frame
 * page, or the parked page. It has no sessions, cookies, body parsing or database writes.
 */
export async function buildForwardResponder(deps: { forwards: Pick<ForwardService, 'forHost'>; log: FastifyBaseLogger }): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: deps.log, disableRequestLogging: true, trustProxy: false });
  // Whatever a request carries is never read.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  const send = (reply: FastifyReply, page: ResponderPage) =>
    reply.code(page.status).headers(page.headers).header('x-content-type-options', 'nosniff').type('text/html; charset=utf-8').send(page.html);

  app.all('/*', async (request, reply) => {
    const host = normaliseHost(request.headers.host);
    const forward = host ? await deps.forwards.forHost(host) : null;
    if (!forward) return send(reply, parkedPage(host));
    if (forward.forwardOption === 'IFRAME') return send(reply, framePage(forward.forwardTo, forward.frameTitle, forward.domain));
    return reply.code(forward.redirectStatus).header('location', redirectLocation(forward.forwardTo, forward.keepPath, request.raw.url ?? '/')).send();
  });

  app.setErrorHandler((error, _request, reply) => {
    deps.log.error({ err: error }, 'the forwarding responder failed');
    return reply.code(503).header('retry-after', '5').type('text/plain; charset=utf-8').send('Service unavailable');
  });
  return app;
}
