import type { CertificateFailure } from '../../../ports/certificates/index.ts';
import type { OrderLineRow } from './fulfilment-repository.ts';
import { clientRefOf, field, permanent, succeed, transient, waiting, type OrderContext, type StepDefinition, type StepDeps, type StepOutcome } from './fulfilment-step.ts';

/** The certificate's DNS names from its line: the common name (the title when not given) first, each name once, lower case. */
export function certificateNamesOf(line: OrderLineRow): { commonName: string; altNames: string[] } {
  const commonName = (line.options.commonName ?? line.title).trim().toLowerCase();
  const altNames = [...new Set((line.options.altNames ?? []).map((name) => name.trim().toLowerCase()))].filter((name) => name !== '' && name !== commonName);
  return { commonName, altNames };
}

function authorityFailure(call: string, answer: CertificateFailure): StepOutcome {
  const error = `certificate authority ${call}: ${answer.reason}${answer.detail ? ` (${answer.detail})` : ''}`;
  return answer.reason === 'unreachable' ? transient(error) : permanent(error);
}

/**
 * An SSL certificate: the shop makes its key pair and signing request (kept on the certificate's
 * row, made once, so a repeat sends the same request), the authority is asked for it with the
 * line's reference, and the step waits while the authority validates; later runs ask again.
 * Issued: the certificate and its chain are stored. A failed validation fails the step for good
 * (the row says failed). Undone by revoking it.
 */
export function sslCertificateStep(order: OrderContext, deps: StepDeps, line: OrderLineRow, key: string): StepDefinition {
  const clientRef = clientRefOf(order.orderId, line.unique);
  const { commonName, altNames } = certificateNamesOf(line);
  return {
    key,
    async run() {
      const product = await deps.orderProduct(line.productId);
      const validation = product && (product.type === 'ssl' || product.type === 'sslmultidomains') ? product.validation : 'DV';
      const organisation = validation === 'DV' ? null : (line.holder?.company || (await deps.organisationOf(order.customerId)));
      if (validation !== 'DV' && !organisation) return permanent(`a ${validation} certificate for ${commonName} needs the customer's organisation`);
      const certificate = await deps.certificates.prepare({
        customerId: order.customerId,
        orderId: order.orderId,
        clientRef,
        commonName,
        altNames,
        productId: line.productId,
        productCode: line.productCode,
        validation,
        ...(organisation ? { organisation } : {}),
      });
      let providerRef = certificate.providerRef;
      if (providerRef === null) {
        const issued = await deps.certificateAuthority.issue({
          clientRef,
          productCode: line.productCode,
          commonName,
          altNames,
          validation,
          ...(organisation ? { organisation } : {}),
          csrPem: certificate.csrPem,
        });
        if (!issued.ok) {
          if (issued.reason !== 'unreachable') await deps.certificates.markFailed(certificate.id, `${issued.reason}${issued.detail ? `: ${issued.detail}` : ''}`);
          return authorityFailure('issue', issued);
        }
        providerRef = issued.providerRef;
        await deps.certificates.setProviderRef(certificate.id, providerRef);
      }
      const status = await deps.certificateAuthority.status(providerRef);
      if (!status.ok) return authorityFailure('status', status);
      switch (status.status) {
        case 'pending':
          return waiting({ certificateId: certificate.id, providerRef });
        case 'failed':
        case 'revoked': {
          const detail = status.detail ?? status.status;
          await deps.certificates.markFailed(certificate.id, detail);
          return permanent(`certificate for ${commonName}: ${status.status} (${detail})`);
        }
        case 'issued': {
          const { certificatePem, chainPem, notAfter } = status;
          if (!certificatePem || !notAfter) return transient('certificate authority status: issued without the certificate');
          const ref = providerRef;
          return succeed(async (tx) => {
            await deps.certificates.markIssued(tx, certificate.id, { certificatePem, chainPem: chainPem ?? '', notAfter: new Date(notAfter), issuedAt: order.now() });
            return { certificateId: certificate.id, providerRef: ref };
          });
        }
      }
    },
    async undo(result) {
      const certificateId = field(result, 'certificateId', 'number');
      const answer = await deps.certificateAuthority.revoke(field(result, 'providerRef', 'string'));
      // The authority no longer has it: nothing left to revoke there.
      if (!answer.ok && answer.reason !== 'unknown') return authorityFailure('revoke', answer);
      return succeed(async (tx) => {
        await deps.certificates.markRevoked(tx, certificateId);
        return result;
      });
    },
  };
}
