import { contracts, ZDnsImportAnswer, ZDnsZoneRecord, type TDnsApplyProfileRequest, } from '@kavel/core';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { HttpError, refusal } from '../../http/errors.ts';
import { requireCustomerId, requireLogin } from '../../http/require-customer.ts';
import { nextTurn, runsOf } from './event-loop-turns.ts';
import type { ProfileSource, ZoneOperations } from './zone-operations.ts';
import { zonePageOf, zoneRefusal } from './zone-routes.ts';

/** The body of the apply and preview calls as what to apply: a profile with its mode, or an e-mail preset. */
const sourceOf = (body: TDnsApplyProfileRequest): ProfileSource => ('preset' in body ? { preset: body.preset } : { profileId: body.profileId, mode: body.mode ?? 'replace' });

/** Scanning and switching a domain's DNS to the shop, applying a profile (with its preview), and the zone as a BIND file. */
export function registerZoneOperationRoutes(app: FastifyInstance, operations: ZoneOperations): void {
  const options = { preValidation: requireLogin };

  route(app, contracts.dnsScan, options, async (request, reply) => {
    const answer = await operations.scan(requireCustomerId(request), request.params.id);
    if (!answer.ok) throw zoneRefusal(request.session.language, answer);
    reply.header('cache-control', 'no-store');
    return answer.scan;
  });

  route(app, contracts.dnsSwitch, options, async (request, reply) => zonePageOf(request, reply, await operations.switchDns(requireCustomerId(request), request.params.id)));

  route(app, contracts.dnsApplyProfile, options, async (request, reply) => {
    const answer = await operations.applyProfile(requireCustomerId(request), request.body.domainId, sourceOf(request.body), request.session.language);
    if (!answer.ok) throw zoneRefusal(request.session.language, answer);
    reply.header('cache-control', 'no-store');
    return { successfullySavedRecords: answer.records, errors: answer.errors };
  });

  route(app, contracts.dnsApplyPreview, options, async (request, reply) => {
    const answer = await operations.previewProfile(requireCustomerId(request), request.body.domainId, sourceOf(request.body), request.session.language);
    if (!answer.ok) throw zoneRefusal(request.session.language, answer);
    reply.header('cache-control', 'no-store');
    return answer.preview;
  });

  route(app, contracts.dnsExport, options, async (request, reply) => {
    const exported = await operations.exportZone(requireCustomerId(request), request.params.id);
    if (!exported) throw refusal(request.session.language, 404, 'notFound');
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${exported.name}.zone"`)
      .type('text/plain; charset=utf-8')
      .send(exported.text);
  });

  route(app, contracts.dnsImport, options, async (request, reply) => {
    const { language } = request.session;
    const answer = await operations.importZone(requireCustomerId(request), request.params.id, request.body.zoneFile, request.body.mode, language);
    if (!answer.ok) {
      if (answer.reason === 'zoneFile') throw new HttpError(400, answer.errors.join(' '), { zoneFile: answer.errors.join(' ') });
      const refused = zoneRefusal(language, answer);
      // The file as a whole is too large for the zone (with the records a merge keeps).
      if (answer.reason === 'tooManyRecords') throw new HttpError(400, refused.message, { zoneFile: refused.message });
      throw refused;
    }
    reply.header('cache-control', 'no-store');
    const importAnswer = { page: answer.page, skipped: answer.skipped, warnings: answer.warnings };
    if (answer.page.dnsListOnStart.length <= LARGE_PAGE) return importAnswer;
    // A page of thousands of records is checked against the answer's schema a slice at a time,
    // each in a turn of its own; in one pass it held other requests up for tens of milliseconds.
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(await checkedInTurns(importAnswer)));
  });
}

/** Records on an answered page from which it is checked in slices rather than by the serializer. */
const LARGE_PAGE = 500;
const ZRecordRun = z.array(ZDnsZoneRecord);
type DnsImportAnswer = z.infer<typeof ZDnsImportAnswer>;

/** The import's answer as the response schema gives it, its records checked a slice per turn. */
async function checkedInTurns(answer: DnsImportAnswer): Promise<DnsImportAnswer> {
  const head = ZDnsImportAnswer.parse({ ...answer, page: { ...answer.page, dnsListOnStart: [] } });
  const records: DnsImportAnswer['page']['dnsListOnStart'] = [];
  for (const run of runsOf(answer.page.dnsListOnStart, LARGE_PAGE)) {
    await nextTurn();
    records.push(...ZRecordRun.parse(run));
  }
  await nextTurn();
  return { ...head, page: { ...head.page, dnsListOnStart: records } };
}
