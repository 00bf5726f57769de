import { contracts } from '@kavel/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { refusal } from '../../http/errors.ts';
import { requireCustomerId, requireLogin } from '../../http/require-customer.ts';
import type { CertificateFiles, CertificateService } from './certificate-service.ts';

/** A file name from the certificate's common name (a wildcard's `*` is no character for a file name). */
const fileNameOf = (commonName: string, suffix: string) => `${commonName.replace(/\*/g, 'wildcard').replace(/[^a-z0-9.-]/gi, '_')}${suffix}`;

/**
 * The PEM files of an issued certificate, for its owner: the certificate followed by its chain,
 * and the private key the shop made for it. Anyone else's certificate (or one not issued) is a
 * 404; a visitor gets a 401.
 */
export function registerCertificateRoutes(app: FastifyInstance, certificates: Pick<CertificateService, 'filesOf'>): void {
  async function send(request: FastifyRequest<{ Params: { id: number } }>, reply: FastifyReply, file: (files: CertificateFiles) => { body: string; name: string }) {
    const files = await certificates.filesOf(requireCustomerId(request), request.params.id);
    if (!files) throw refusal(request.session.language, 404, 'notFound');
    const { body, name } = file(files);
    return reply
      .header('cache-control', 'no-store')
      .header('content-type', 'application/x-pem-file')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(body);
  }

  route(app, contracts.sslCertificatePem, { preValidation: requireLogin }, (request, reply) =>
    send(request, reply, (files) => ({ body: `${files.certificatePem.trim()}\n${files.chainPem.trim()}\n`, name: fileNameOf(files.commonName, '.pem') })),
  );
  route(app, contracts.sslPrivateKeyPem, { preValidation: requireLogin }, (request, reply) =>
    send(request, reply, (files) => ({ body: `${files.privateKeyPem.trim()}\n`, name: fileNameOf(files.commonName, '.key.pem') })),
  );
}
