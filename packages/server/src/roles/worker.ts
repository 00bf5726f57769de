import type { MailJob } from '../features/accounts/mail-queue.ts';
import { fulfilmentJobs } from '../features/orders/fulfilment/fulfilment-jobs.ts';
import type { JobSystem } from '../jobs/job-queue.ts';
import { JOBS } from '../jobs/queues.ts';
import type { Services } from '../services.ts';
import type { RunningRole } from './running-role.ts';

/** The schedules the worker keeps (cron, UTC); pg-boss sends each tick once, however many workers run. */
export const SCHEDULES: Record<string, string> = {
  [JOBS.fulfilmentSweep]: '* * * * *',
  [JOBS.purgeAccounts]: '17 * * * *',
  // A month ends at 22:00 or 23:00 UTC (Amsterdam's midnight): its open invoices are issued a minute later.
  [JOBS.closeInvoices]: '1 * * * *',
  [JOBS.dnsCatchUp]: '*/5 * * * *',
  [JOBS.renewForwardCertificates]: '23 */6 * * *',
  [JOBS.vpsAddresses]: '* * * * *',
};

/**
 * The worker role: runs the jobs the services write (mail, fulfilment) and the schedules. Start
 * the job system with `{ worker: true }` first. Stopping finishes the jobs in hand.
 */
export async function startWorker(services: Services, jobs: JobSystem, options: { schedules?: boolean } = {}): Promise<RunningRole> {
  const fulfilment = fulfilmentJobs(services.fulfilment, services.jobs);
  await jobs.work<MailJob>(JOBS.sendMail, (job) => services.accounts.mail.deliver(job));
  await jobs.work(JOBS.fulfilOrder, fulfilment.fulfilOrder);
  await jobs.work(JOBS.fulfilmentSweep, fulfilment.sweep);
  await jobs.work(JOBS.purgeAccounts, () => services.accounts.purgeExpired());
  // The hourly housekeeping of orders: a month's open invoices issued, and the names of orders left unpaid for a day freed.
  await jobs.work(JOBS.closeInvoices, async () => {
    await services.orders.invoices.closeEndedMonths(services.now());
    await services.orders.payments.releaseUnpaidClaims(services.now());
  });
  await jobs.work(JOBS.publishZone, services.dnsPublishing.publishZone);
  await jobs.work(JOBS.syncDomainHolder, services.holderRegistrySync.syncHolder);
  await jobs.work(JOBS.renewForwardCertificates, async () => void (await services.forwardTls.renewDue()));
  await jobs.work(JOBS.dnsCatchUp, async () => void (await services.dnsPublishing.catchUp()));
  await jobs.work(JOBS.vpsAddresses, async () => void (await services.vps.refreshAddresses()));
  if (options.schedules !== false) for (const [name, cron] of Object.entries(SCHEDULES)) await jobs.schedule(name, cron);
  return { name: 'worker', stop: () => jobs.stop() };
}
