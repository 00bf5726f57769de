import { contracts } from '@kavel/core';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect.ts';
import { errorReports } from '../../db/schema/index.ts';
import { route } from '../../http/contract-route.ts';

/** Reports older than this are pruned now and then, so storage stays bounded. */
const KEEP_DAYS = 30;

/**
 * `POST /api/report-error`: uncaught browser errors (spec 001 section 7). Bounded in size by the
 * schema and body limit, in rate per client, and in age.
 */
export function registerErrorReportRoutes(app: FastifyInstance, db: Database): void {
  let sincePrune = 0;
  route(
    app,
    contracts.reportError,
    { bodyLimit: 32 * 1024, config: { rateLimit: { max: 20, timeWindow: 60_000 } } },
    async (request, reply) => {
      const report = request.body;
      await db.insert(errorReports).values({
        clientIp: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        msg: report.msg,
        url: report.url,
        line: report.line ?? null,
        column: report.column ?? null,
        error: report.error ?? null,
        errorStackTrace: report.errorStackTrace ?? null,
      });
      request.log.warn({ report: { msg: report.msg, url: report.url, line: report.line } }, 'browser error reported');
      if (++sincePrune >= 100) {
        sincePrune = 0;
        await db.delete(errorReports).where(lt(errorReports.createdAt, sql`now() - make_interval(days => ${KEEP_DAYS})`));
      }
      return reply.code(204).send();
    },
  );
}
