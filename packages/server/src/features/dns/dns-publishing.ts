import type { DnsZoneRecord } from '@kavel/core';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/connect.ts';
import { dnsZones, domainDnsRecords, domains, type ZonePublishFailure } from '../../db/schema/index.ts';
import { PermanentJobFailure } from '../../jobs/job-queue.ts';
import type { JobQueue, JobRun } from '../../jobs/job-queue.ts';
import { JOBS } from '../../jobs/queues.ts';
import type { DnsPublishFailure, DnsPublisherPort } from '../../ports/dns-publisher/index.ts';

export interface PublishZoneJob {
  domainId: number;
  /** The name, so a zone whose domain is gone can still be removed from the DNS server. */
  domain: string;
}

/** Zones the catch-up re-publishes per run to repair drift, the longest unpublished first. */
const DRIFT_BATCH = 50;
/**
 * A zone the DNS server refused is not sent again by the catch-up for this long, unless it changed
 * since (its change writes a job of its own): the same zone would be refused again, each time a
 * dead job. After it, once: a deploy may have mended what was refused.
 */
const REFUSED_PAUSE_MS = 24 * 3_600_000;

/**
 * Writes the job that publishes a zone, in the transaction of the change. The queue is `stately`
 * on `zone-<id>`: while one job for the zone waits, another is not written (the waiting one
 * publishes the zone as it is when it runs, so it carries every change before it).
 */
export async function requestZonePublishing(jobs: JobQueue, tx: Transaction, job: PublishZoneJob): Promise<void> {
  await jobs.enqueue(JOBS.publishZone, job satisfies PublishZoneJob, { tx, singletonKey: `zone-${job.domainId}` });
}

export interface DnsPublishing {
  /**
   * One job: makes the DNS server hold the zone as the shop holds it now (or no zone, when the
   * domain is gone or not on our name servers), then notes the revision as published and clears
   * any failure noted before. A failure is noted on the zone (the DNS page shows it) and throws:
   * an unreachable server is tried again with backoff, so nothing is lost while it is away; a
   * refusal fails the job for good at once, listed among the dead jobs with the server's reason.
   */
  publishZone(job: JobRun<PublishZoneJob>): Promise<void>;
  /**
   * The schedule's catch-up: a job for every zone whose revision is not published yet (after the
   * last retry of its job; a refused one after a pause), and for a batch of the others, whose
   * publishing compares the server's records with the shop's and repairs any drift. Answers how
   * many jobs it wrote.
   */
  catchUp(): Promise<number>;
}

export function createDnsPublishing(deps: { db: Database; publisher: DnsPublisherPort; jobs: JobQueue; log: FastifyBaseLogger; now: () => Date }): DnsPublishing {
  const { db, publisher, jobs, log, now } = deps;

  async function fail(domain: string, answer: DnsPublishFailure): Promise<never> {
    const message = `publishing the zone of ${domain} to ${publisher.name}: ${answer.reason}${answer.detail ? ` (${answer.detail})` : ''}`;
    throw answer.reason === 'refused' ? new PermanentJobFailure(message) : new Error(message);
  }

  async function noteFailure(domainId: number, revision: number, answer: DnsPublishFailure): Promise<void> {
    const failure: ZonePublishFailure = { reason: answer.reason, record: answer.record ?? null, revision };
    await db.update(dnsZones).set({ publishFailure: failure, publishFailedAt: now() }).where(eq(dnsZones.domainId, domainId));
  }

  return {
    async publishZone({ data }) {
      // The revision first: records read after it are at least as new, so the noted revision never claims too much.
      const [zone] = await db
        .select({ name: domains.name, revision: dnsZones.revision, active: dnsZones.activeDnsServer })
        .from(domains)
        .innerJoin(dnsZones, eq(dnsZones.domainId, domains.id))
        .where(eq(domains.id, data.domainId));
      if (!zone || !zone.active) {
        const removed = await publisher.remove(data.domain);
        if (!removed.ok) await fail(data.domain, removed);
        return;
      }
      const records: DnsZoneRecord[] = await db
        .select({ name: domainDnsRecords.name, type: domainDnsRecords.type, value: domainDnsRecords.value, priority: domainDnsRecords.priority, ttl: domainDnsRecords.ttl })
        .from(domainDnsRecords)
        .where(eq(domainDnsRecords.domainId, data.domainId))
        .orderBy(asc(domainDnsRecords.id));
      const answer = await publisher.publish(zone.name, records);
      if (!answer.ok) {
        await noteFailure(data.domainId, zone.revision, answer);
        return fail(zone.name, answer);
      }
      if (answer.changedRecordSets > 0) log.info({ domain: zone.name, changedRecordSets: answer.changedRecordSets }, 'zone published');
      await db
        .update(dnsZones)
        .set({ publishedRevision: sql`greatest(${dnsZones.publishedRevision}, ${zone.revision})`, publishedAt: now(), publishFailure: null, publishFailedAt: null })
        .where(eq(dnsZones.domainId, data.domainId));
    },

    async catchUp() {
      if (publisher.name === 'none') return 0;
      const columns = { domainId: dnsZones.domainId, domain: domains.name };
      const refusedLately = and(
        sql`${dnsZones.publishFailure}->>'reason' = 'refused'`,
        sql`(${dnsZones.publishFailure}->>'revision')::integer = ${dnsZones.revision}`,
        sql`${dnsZones.publishFailedAt} > ${new Date(now().getTime() - REFUSED_PAUSE_MS).toISOString()}::timestamptz`,
      );
      const behind = await db
        .select(columns)
        .from(dnsZones)
        .innerJoin(domains, eq(domains.id, dnsZones.domainId))
        .where(and(lt(dnsZones.publishedRevision, dnsZones.revision), or(isNull(dnsZones.publishFailure), sql`not (${refusedLately})`)));
      const drift = await db
        .select(columns)
        .from(dnsZones)
        .innerJoin(domains, eq(domains.id, dnsZones.domainId))
        .where(and(eq(dnsZones.publishedRevision, dnsZones.revision), eq(dnsZones.activeDnsServer, true)))
        .orderBy(sql`${dnsZones.publishedAt} asc nulls first`)
        .limit(DRIFT_BATCH);
      const due = [...behind, ...drift];
      if (due.length === 0) return 0;
      await db.transaction(async (tx) => {
        for (const job of due) await requestZonePublishing(jobs, tx, job);
      });
      return due.length;
    },
  };
}
