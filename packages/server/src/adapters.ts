import { createSimulatedResolver, createSystemResolver, type DnsResolverPort } from './ports/dns-resolver/index.ts';
import { createOfflineAddressLookup, createPdokAddressLookup, type AddressLookupPort } from './ports/address-lookup/index.ts';
import { readFileSync } from 'node:fs';
import type { Redis } from 'ioredis';
import type { AcmePort } from './ports/acme/acme-port.ts';
import { createNoneAcme } from './ports/acme/none-acme.ts';
import { createSystemHostAddresses, createUncheckedHostAddresses, type HostAddressesPort } from './ports/host-addresses/index.ts';
import type { Config, SharedStore } from './config.ts';
import type { Database } from './db/connect.ts';
import { getOrCreateSecret, getOrCreateValue } from './db/settings.ts';
import { createDatabaseSpentTokenStore } from './features/captcha/spent-token-repository.ts';
import wellKnownNames from './features/catalogue/data/well-known-names.json' with { type: 'json' };
import { shopDomainsAmong } from './features/domains/domain-service.ts';
import { createAltchaCaptcha, createRecaptchaCaptcha } from './ports/captcha/index.ts';
import {
  createDatabaseAvailabilityCache,
  createMemoryAvailabilityCache,
  createRedisAvailabilityCache,
} from './ports/availability-cache/index.ts';
import type { AvailabilityCachePort } from './ports/availability-cache/availability-cache-port.ts';
import type { CaptchaPort } from './ports/captcha/captcha-port.ts';
import { createMemoryCacheEvents, createPostgresCacheEvents, createRedisCacheEvents, type CacheEventsPort } from './ports/cache-events/index.ts';
import { createDatabaseCounters, createMemoryCounters, createRedisCounters } from './ports/counters/index.ts';
import type { CounterPort } from './ports/counters/counter-port.ts';
import { createNonePublisher, createPowerDnsPublisher, type DnsPublisherPort } from './ports/dns-publisher/index.ts';
import { createOutboxMailer } from './ports/mailer/outbox-mailer.ts';
import { createOmnikassaPayment, createSimulatedPayment } from './ports/payment/index.ts';
import type { PaymentPort } from './ports/payment/payment-port.ts';
import { createSimulatedProvisioning } from './ports/provisioning/index.ts';
import { createSimulatedCertificates, type CertificatePort } from './ports/certificates/index.ts';
import type { ProvisioningPort } from './ports/provisioning/provisioning-port.ts';
import { createApiCloudflare, createSimulatedCloudflare, type CloudflarePort } from './ports/cloudflare/index.ts';
import { createProxmoxVps, createSimulatedVps, type VpsPort } from './ports/vps/index.ts';
import type { MailerPort } from './ports/mailer/mailer-port.ts';
import { createDatabaseRegistryState, createRdapRegistry, createSimulatedRegistry, createWhoisRegistry } from './ports/registry/index.ts';
import type { RegistryPort } from './ports/registry/registry-port.ts';

export interface Adapters {
  registry: RegistryPort;
  captcha: CaptchaPort;
  mailer: MailerPort;
  payment: PaymentPort;
  provisioning: ProvisioningPort;
  /** Orders SSL certificates from a certificate authority. */
  certificates: CertificatePort;
  /** Puts a customer's domain behind Cloudflare on a paid plan. */
  cloudflare: CloudflarePort;
  /** Creates the virtual servers of VPS packages. */
  vps: VpsPort;
  counters: CounterPort;
  availabilityCache: AvailabilityCachePort;
  dnsPublisher: DnsPublisherPort;
  /** Reads a domain's DNS where it is served now (the DNS page's scan before a switch). */
  dnsResolver: DnsResolverPort;
  /** The street and place of a Dutch postcode and house number (the customer-data form). */
  addressLookup: AddressLookupPort;
  /** Invalidates the in-process read caches (session, basket) in every process. */
  cacheEvents: CacheEventsPort;
  /** The certificate authority of the forwarding responder's HTTPS. */
  acme: AcmePort;
  /** What a forwarded host resolves to, checked before its certificate is ordered. */
  hostAddresses: HostAddressesPort;
  /** Closes the connections the adapters opened (Redis), after the app has closed. */
  close(): Promise<void>;
}

/**
 * The one place where configuration picks the adapter behind each port. The clients of adapters
 * that a default installation does not use (Redis, SMTP, ACME) are imported only when chosen:
 * loading them costs the start about a fifth of a second of CPU.
 */
export async function createAdapters(config: Config, db: Database, log: AdapterLog): Promise<Adapters> {
  const redis = await openRedis(config, log);
  const cacheEvents = await createCacheEvents(config, redis, log);
  return {
    registry: createRegistry(config, db),
    captcha: await createCaptcha(config, db),
    mailer: await createMailer(config, log),
    payment: await createPayment(config, log, db),
    provisioning: createSimulatedProvisioning({ db }),
    certificates: createCertificates(config.certificates, db),
    cloudflare: createCloudflare(config.cloudflare, db),
    vps: createVps(config.vps, db),
    counters: createCounters(config.counters, db, redis),
    availabilityCache: createAvailabilityCache(config.availability.cache, db, redis),
    dnsPublisher: createDnsPublisher(config.dns),
    dnsResolver: config.dnsResolver.adapter === 'system' ? createSystemResolver({ servers: config.dnsResolver.servers }) : createSimulatedResolver(),
    addressLookup: createAddressLookup(config.addressLookup),
    cacheEvents,
    acme: await createAcme(config.acme, db),
    hostAddresses: config.forwarder.https.dnsCheck ? createSystemHostAddresses({ servers: config.forwarder.https.dnsServers }) : createUncheckedHostAddresses(),
    close: async () => {
      await cacheEvents.close();
      await redis?.client.quit();
    },
  };
}

/** One Redis connection for every adapter that uses it, whenever `REDIS_URL` is set (the cache events always use it then). */
async function openRedis(config: Pick<Config, 'redis'>, log: AdapterLog): Promise<{ client: Redis; keyPrefix: string } | null> {
  if (!config.redis) return null;
  const { Redis } = await import('ioredis');
  // Commands wait for a connection a bounded time: a Redis that is away fails a request, not the process.
  const client = new Redis(config.redis.url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  // ioredis reconnects by itself; each new kind of trouble is told once, not at every retry.
  let lastError = '';
  client.on('error', (error: Error) => {
    if (error.message !== lastError) log(`Redis at ${new URL(config.redis!.url).host}: ${error.message}`, 'warn');
    lastError = error.message;
  });
  client.on('ready', () => {
    lastError = '';
  });
  return { client, keyPrefix: config.redis.keyPrefix };
}

type RedisHandle = Awaited<ReturnType<typeof openRedis>>;

const needRedis = (redis: RedisHandle): NonNullable<RedisHandle> => {
  if (!redis) throw new Error('Invalid configuration: a Redis store needs REDIS_URL');
  return redis;
};

export function createCounters(store: SharedStore, db: Database, redis: RedisHandle): CounterPort {
  if (store === 'redis') return createRedisCounters(needRedis(redis).client, needRedis(redis).keyPrefix);
  return store === 'database' ? createDatabaseCounters(db) : createMemoryCounters();
}

export function createAvailabilityCache(store: SharedStore, db: Database, redis: RedisHandle): AvailabilityCachePort {
  if (store === 'redis') return createRedisAvailabilityCache(needRedis(redis).client, needRedis(redis).keyPrefix);
  return store === 'database' ? createDatabaseAvailabilityCache(db) : createMemoryAvailabilityCache();
}

/** The PDOK Locatieserver when configured; otherwise the committed BAG subset, which needs no network. */
export function createAddressLookup(addressLookup: Config['addressLookup']): AddressLookupPort {
  if (addressLookup.adapter === 'pdok') return createPdokAddressLookup({ baseUrl: addressLookup.baseUrl, timeoutMs: addressLookup.timeoutMs });
  return createOfflineAddressLookup();
}

/** The simulated authority (the only adapter yet): real certificates under its own untrusted test CA. */
export function createCertificates(certificates: Config['certificates'], db: Database): CertificatePort {
  return createSimulatedCertificates({ db, issueSeconds: certificates.issueSeconds, failureRate: certificates.failureRate });
}

/**
 * An ACME directory when configured, with the account key the installation keeps in its settings
 * (made on first use); otherwise none, and the forwarding responder serves HTTP only.
 */
export async function createAcme(acme: Config['acme'], db: Database): Promise<AcmePort> {
  if (acme.adapter === 'none') return createNoneAcme();
  const { createAcmeAccountKey, createAcmeClientAcme } = await import('./ports/acme/acme-client-acme.ts');
  return createAcmeClientAcme({
    directoryUrl: acme.directoryUrl,
    email: acme.email,
    caPem: acme.caFile ? readFileSync(acme.caFile, 'utf8') : null,
    accountKeyPem: await getOrCreateValue(db, 'acme_account_key', createAcmeAccountKey),
  });
}

/** Cloudflare's API v4 when configured; otherwise the simulated account in the shop's database. */
export function createCloudflare(cloudflare: Config['cloudflare'], db: Database): CloudflarePort {
  if (cloudflare.adapter === 'api') {
    return createApiCloudflare({ baseUrl: cloudflare.baseUrl, apiToken: cloudflare.apiToken, accountId: cloudflare.accountId, timeoutMs: cloudflare.timeoutMs });
  }
  return createSimulatedCloudflare({ db, activationSeconds: cloudflare.activationSeconds, failureRate: cloudflare.failureRate });
}

/** Proxmox VE when configured; otherwise the simulated platform in the shop's database. */
export function createVps(vps: Config['vps'], db: Database): VpsPort {
  if (vps.adapter === 'proxmox') {
    return createProxmoxVps({ apiUrl: vps.apiUrl, tokenId: vps.tokenId, tokenSecret: vps.tokenSecret, node: vps.node, templateVmid: vps.templateVmid, timeoutMs: vps.timeoutMs });
  }
  return createSimulatedVps({ db, bootSeconds: vps.bootSeconds, failureRate: vps.failureRate });
}

/** PowerDNS when configured; otherwise the shop keeps the zones and publishes nothing. */
export function createDnsPublisher(dns: Config['dns']): DnsPublisherPort {
  if (dns.adapter === 'powerdns') return createPowerDnsPublisher({ apiUrl: dns.apiUrl, apiKey: dns.apiKey, nameservers: dns.nameservers, hostmaster: dns.hostmaster });
  return createNonePublisher({ nameservers: dns.nameservers });
}

/**
 * Redis pub/sub with `REDIS_URL`; LISTEN/NOTIFY on a PostgreSQL server; in-process on the embedded
 * database (one process). Waits until the subscription stands, so no change goes unheard.
 */
export async function createCacheEvents(config: Pick<Config, 'database'>, redis: RedisHandle, log: AdapterLog): Promise<CacheEventsPort> {
  if (redis) {
    const events = createRedisCacheEvents(redis.client, redis.keyPrefix);
    await events.ready;
    return events;
  }
  if (config.database.kind === 'postgres') {
    const events = createPostgresCacheEvents(config.database.url, (line) => log(line, 'warn'));
    await events.ready;
    return events;
  }
  return createMemoryCacheEvents();
}

/** A line for the log before the app (and its logger) exists; `warn` for what an operator must see. */
export type AdapterLog = (line: string, level?: 'info' | 'warn') => void;

/**
 * Omnikassa when configured; otherwise the simulated provider's page on this server, where any
 * order can be marked paid without money. That is refused on a public `https:` address unless
 * `PAYMENT_SIMULATED_ALLOWED=true`; the log warns either way.
 */
export async function createPayment(config: Pick<Config, 'payment' | 'publicUrl' | 'baseUrl'>, log: AdapterLog, db: Database): Promise<PaymentPort> {
  const payment = config.payment;
  if (payment.adapter === 'omnikassa') {
    return createOmnikassaPayment({ refreshToken: payment.refreshToken, signingKey: payment.signingKey, baseUrl: payment.baseUrl });
  }
  const publicHttps = config.publicUrl?.startsWith('https:') ?? false;
  if (publicHttps && !payment.allowedOnHttps) {
    const refusal = `PAYMENT_ADAPTER=simulated refused on the https address ${config.publicUrl}: orders would be marked paid without money. Configure Omnikassa, or set PAYMENT_SIMULATED_ALLOWED=true for a test shop.`;
    log(refusal, 'warn');
    throw new Error(`Invalid configuration: ${refusal}`);
  }
  log(
    publicHttps
      ? `Simulated payments on the https address ${config.publicUrl} (PAYMENT_SIMULATED_ALLOWED=true): orders are marked paid without money; never use this for a real shop.`
      : 'Simulated payments (PAYMENT_ADAPTER=simulated): orders are marked paid without money; not for a real shop.',
    'warn',
  );
  return createSimulatedPayment({ baseUrl: config.baseUrl, db });
}

/** SMTP when `SMTP_URL` is set; otherwise every mail goes to the outbox folder and its link into the log. */
async function createMailer(config: Config, log: AdapterLog): Promise<MailerPort> {
  const { smtpUrl, from, replyTo, outboxDir } = config.mail;
  if (smtpUrl) return (await import('./ports/mailer/smtp-mailer.ts')).createSmtpMailer({ url: smtpUrl, from, replyTo });
  return createOutboxMailer({ dir: outboxDir, from, replyTo, log: (line, link) => log(link ? `${line}; link: ${link}` : line) });
}

function createRegistry(config: Config, db: Database): RegistryPort {
  const registry = config.registry;
  switch (registry.adapter) {
    case 'rdap':
      return createRdapRegistry({ baseUrlOverride: registry.rdapBaseUrl });
    case 'whois':
      return createWhoisRegistry({ serverOverride: registry.whoisServer });
    case 'simulated': {
      return createSimulatedRegistry({
        latencyMs: registry.simulatedLatencyMs,
        failureRate: registry.simulatedFailureRate,
        transferSeconds: registry.simulatedTransferSeconds,
        wellKnown: wellKnownNames,
        registeredInShop: shopDomainsAmong(db),
        state: createDatabaseRegistryState(db),
      });
    }
  }
}

async function createCaptcha(config: Config, db: Database): Promise<CaptchaPort> {
  const captcha = config.captcha;
  if (captcha.adapter === 'recaptcha') {
    return createRecaptchaCaptcha({ siteKey: captcha.siteKey, secretKey: captcha.secretKey, verifyUrl: captcha.verifyUrl });
  }
  return createAltchaCaptcha({
    hmacKey: await getOrCreateSecret(db, 'altcha_hmac_key'),
    maxNumber: captcha.maxNumber,
    store: createDatabaseSpentTokenStore(db),
  });
}
