import type { QueueSettings } from './job-queue.ts';

/** The shop's jobs and how each retries. */
export const JOBS = {
  /** One e-mail, rendered when the change committed; retried for about an hour and a half. */
  sendMail: 'send-mail',
  /** Runs fulfilment for one confirmed order (singleton key `order-<id>`). */
  fulfilOrder: 'fulfil-order',
  /** Every minute: confirmed orders nobody is fulfilling get a `fulfil-order` job again. */
  fulfilmentSweep: 'fulfilment-sweep',
  /** Publishes one zone to the DNS server (singleton key `zone-<id>`); retried for about 11 hours. */
  publishZone: 'publish-dns-zone',
  /** Every 5 minutes: zones not published yet get a job again; a batch of the others is checked for drift. */
  dnsCatchUp: 'dns-catch-up',
  /** Gives the registry a domain's current holder (singleton key `holder-<id>`); retried for about 11 hours. */
  syncDomainHolder: 'sync-domain-holder',
  /** Every 6 hours: the forwarding responder's certificates that end within 30 days are ordered again. */
  renewForwardCertificates: 'renew-forward-certificates',
  /** Hourly: old account attempts and expired link tokens. */
  purgeAccounts: 'purge-account-attempts',
  /** Hourly: open invoices whose month is over are closed (issued). */
  closeInvoices: 'close-ended-invoices',
  /** Every minute: running virtual servers without a known IPv4 address ask the platform again. */
  vpsAddresses: 'vps-addresses',
} as const;

export const QUEUES: Record<string, QueueSettings> = {
  // Expiry well above the SMTP adapter's timeouts, so a slow send is never run twice at once.
  [JOBS.sendMail]: { retryLimit: 8, retryDelaySeconds: 20, retryBackoff: true, expireInSeconds: 300, concurrency: 2 },
  [JOBS.fulfilOrder]: { retryLimit: 10, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 900, policy: 'stately', concurrency: 4 },
  [JOBS.fulfilmentSweep]: { retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 120, policy: 'singleton' },
  [JOBS.publishZone]: { retryLimit: 12, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 120, policy: 'stately', concurrency: 4 },
  [JOBS.dnsCatchUp]: { retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 240, policy: 'singleton' },
  [JOBS.syncDomainHolder]: { retryLimit: 12, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 120, policy: 'stately', concurrency: 2 },
  [JOBS.renewForwardCertificates]: { retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 3600, policy: 'singleton' },
  [JOBS.purgeAccounts]: { retryLimit: 2, retryDelaySeconds: 60, retryBackoff: false, expireInSeconds: 600, policy: 'singleton' },
  [JOBS.closeInvoices]: { retryLimit: 2, retryDelaySeconds: 60, retryBackoff: false, expireInSeconds: 600, policy: 'singleton' },
  [JOBS.vpsAddresses]: { retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 240, policy: 'singleton' },
};
