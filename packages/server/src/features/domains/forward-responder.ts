import type { SecureContext } from 'node:tls';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { hasTwoHosts, requestHost } from './forward-host.ts';
import { badHostAnswer, framePage, NOT_FRAMABLE, parkedPage, redirectLocation, type ResponderPage } from './forward-pages.ts';
import type { ForwardService } from './forward-service.ts';
import { RequestLog } from '../../http/request-log.ts';
import { zodSchemaController } from '../../http/schema-compilers.ts';

export interface ForwardResponderDeps {
  forwards: Pick<ForwardService, 'forHost'>;
  log: FastifyBaseLogger;
  /** The ACME HTTP-01 answer for a token asked of a host; absent: none is answered. */
  challengeAnswer?: (host: string, token: string) => Promise<string | null>;
  /** HTTPS: the certificate of each handshake's server name (SNI); null fails the handshake. */
  tls?: { secureContextFor(servername: string): Promise<SecureContext | null> };
}

/**
 * The forwarding responder (the `forwarder` role): one catch-all route that finds the forward
 * of the request's Host (and of the domain of a `www.` host) and answers its redirect or frame
 * page, or the parked page; and the ACME HTTP-01 answers of the certificate orders in progress.
 * A request whose Host is no host name, or that has two, gets a 400 and nothing else.
 * It has no sessions, cookies or body parsing, and writes nothing itself. With `tls` it speaks
 * HTTPS (a certificate order on a handshake writes through the forward-tls service).
 */
/** The domain a request asked for; its Host was checked on arrival. */
const domainOfRequest = (header: string | undefined) => {
  const host = requestHost(header);
  return host.ok ? host.domain : null;
};

export async function buildForwardResponder(deps: ForwardResponderDeps): Promise<FastifyInstance> {
  const tls = deps.tls;
  const app = Fastify({
    loggerInstance: deps.log,
    // No line per request: a responder answers many, and says nothing new in them.
    logController: new RequestLog(false),
    trustProxy: false,
    // It has no route schemas: this spares it the loading of Fastify's own compilers.
    schemaController: zodSchemaController,
    ...(tls
      ? {
          https: {
            SNICallback: (servername: string, done: (error: Error | null, context?: SecureContext) => void) => {
              tls.secureContextFor(servername).then(
                (context) => (context ? done(null, context) : done(new Error('no certificate for this name'))),
                (error: unknown) => {
                  deps.log.error({ err: error, servername }, 'the certificate of a forwarded host failed');
                  done(error instanceof Error ? error : new Error(String(error)));
                },
              );
            },
          },
        }
      : {}),
  });
  // Whatever a request carries is never read.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  const send = (reply: FastifyReply, page: ResponderPage) => reply.code(page.status).headers(page.headers).type('text/html; charset=utf-8').send(page.html);

  // Every answer, refusals and redirects too, is never framed (a page's own policy says so as well).
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(NOT_FRAMABLE);
    // Two Host headers, or one that is no host: which site was meant is not certain, so none is answered.
    if (hasTwoHosts(request.raw.rawHeaders) || !requestHost(request.headers.host).ok) return send(reply, badHostAnswer());
  });

  const challengeAnswer = deps.challengeAnswer;
  if (challengeAnswer) {
    app.get<{ Params: { token: string } }>('/.well-known/acme-challenge/:token', async (request, reply) => {
      const host = domainOfRequest(request.headers.host);
      const answer = host && /^[\w-]{1,256}$/.test(request.params.token) ? await challengeAnswer(host, request.params.token) : null;
      if (answer === null) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return reply.code(200).type('application/octet-stream').send(answer);
    });
  }

  app.all('/*', async (request, reply) => {
    const host = domainOfRequest(request.headers.host);
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
