import { isIP } from 'node:net';
import { canonicalIpv6, hostmasterName, isWellFormedName } from '@kavel/core';
import type { LoginThrottleRules } from './features/accounts/login-throttle-rules.ts';
import { ZEnv, type Env } from './config-env.ts';
import { defaultReplyTo, parseMailbox } from './ports/mailer/compose.ts';

/**
 * The only reader of `process.env`. Every variable, its default and meaning is listed in
 * README.md's configuration table; keep the two in step. The variables' schema: `config-env.ts`.
 */
export { DEFAULT_DNS_HOSTMASTER, DEFAULT_DNS_NAMESERVERS, DEFAULT_FORWARDER_HTTPS_PORT, DEFAULT_FORWARDER_IPV4, DEFAULT_FORWARDER_PORT, DEFAULT_PDOK_LOCATIESERVER_URL, type Env } from './config-env.ts';

/** How long a session may stay unused (`idleSeconds`) and live at most (`absoluteSeconds`). */
export interface SessionLifetime {
  idleSeconds: number;
  absoluteSeconds: number;
}

/** Anonymous sessions carry a basket and may live long; a logged-in session starts its own, shorter life at login. */
export interface SessionLifetimes {
  anonymous: SessionLifetime;
  loggedIn: SessionLifetime;
}

/** Where state shared by every process lives; `memory` is right only for a single process. */
export type SharedStore = 'memory' | 'database' | 'redis';

export type Role = Env['KAVEL_ROLE'];

export interface Config {
  role: Role;
  port: number;
  host: string;
  logLevel: Env['LOG_LEVEL'];
  /** Whether each request is logged (one line at `info`). */
  requestLog: boolean;
  publicUrl: string | null;
  secureCookies: boolean;
  /** The proxies whose forwarded headers are believed: their addresses and subnets, or a number of hops (0: none). */
  trustProxy: number | string[];
  webDist: string | null;
  sessions: SessionLifetimes;
  database: { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string; poolSize: number };
  registry: {
    adapter: Env['REGISTRY_ADAPTER'];
    simulatedLatencyMs: { min: number; max: number };
    simulatedFailureRate: number;
    simulatedTransferSeconds: number;
    timeoutMs: number;
    rdapBaseUrl: string | null;
    whoisServer: string | null;
  };
  availability: { cacheSeconds: number; freeSearches: number; windowSeconds: number; cache: SharedStore };
  captcha:
    | { adapter: 'altcha'; maxNumber: number }
    | { adapter: 'recaptcha'; siteKey: string; secretKey: string; verifyUrl: string };
  rateLimitPerMinute: number;
  /** Calls per minute per reseller API key, counted in the shared counters. */
  resellerApiPerMinute: number;
  /** Calls per minute per reseller, all its API keys together. */
  resellerApiPerResellerPerMinute: number;
  /** API keys a reseller may have that are not revoked. */
  resellerApiMaxKeys: number;
  loginThrottle: LoginThrottleRules;
  /** Search quota and rate limit. */
  counters: SharedStore;
  redis: { url: string; keyPrefix: string } | null;
  /** Base of links in e-mails. */
  baseUrl: string;
  /** The `From` of every mail (its domain is the Message-IDs'), and the `Reply-To` answers go to. */
  mail: { smtpUrl: string | null; from: string; replyTo: string; outboxDir: string };
  demoAccounts: boolean;
  payment: { adapter: 'simulated'; allowedOnHttps: boolean } | { adapter: 'omnikassa'; refreshToken: string; signingKey: string; baseUrl: string };
  provisioning: { adapter: Env['PROVISIONING_ADAPTER'] };
  /** Where SSL certificates are ordered: the simulated authority (its validation delay and failure share). */
  certificates: { adapter: 'simulated'; issueSeconds: number; failureRate: number };
  /** Cloudflare plans: the simulated account, or Cloudflare's API v4. */
  cloudflare:
    | { adapter: 'simulated'; activationSeconds: number; failureRate: number }
    | { adapter: 'api'; baseUrl: string; apiToken: string; accountId: string; timeoutMs: number };
  /** Virtual servers: the simulated platform, or Proxmox VE. */
  vps:
    | { adapter: 'simulated'; bootSeconds: number; failureRate: number }
    | { adapter: 'proxmox'; apiUrl: string; tokenId: string; tokenSecret: string; node: string; templateVmid: number; timeoutMs: number };
  /** Where zones are published, the shop's name servers and SOA contact, and the most records a zone may hold. */
  dns: { nameservers: string[]; hostmaster: string; maxZoneRecords: number } & ({ adapter: 'none' } | { adapter: 'powerdns'; apiUrl: string; apiKey: string });
  /** How the DNS page's scan reads a domain's present DNS: simulated, or real DNS through these resolvers (the system's when none). */
  dnsResolver: { adapter: 'simulated' } | { adapter: 'system'; servers: string[] };
  /** The customer-data form's address lookup: the committed BAG subset, or the PDOK Locatieserver. */
  addressLookup: { adapter: 'offline' } | { adapter: 'pdok'; baseUrl: string; timeoutMs: number };
  /**
   * The forwarding responder: where it listens, the addresses forwarded domains point at, and its
   * HTTPS (the port, whether a host's DNS is checked, through which resolvers, the order limits).
   */
  forwarder: {
    port: number;
    ipv4: string;
    ipv6: string | null;
    https: {
      port: number;
      dnsCheck: boolean;
      dnsServers: string[];
      ordersPerHostPerDay: number;
      ordersPerHour: number;
      renewBeforeDays: number;
      /** Base64 of the 32-byte key that encrypts the stored certificate keys; null: stored plain. */
      keyEncryptionKey: string | null;
    };
  };
  /** The certificate authority of the forwarded domains: none (HTTP only), or an ACME directory. */
  acme: { adapter: 'none' } | { adapter: 'acme-client'; directoryUrl: string; email: string | null; caFile: string | null };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.SESSION_DAYS !== undefined) {
    throw new Error(
      'Invalid configuration: SESSION_DAYS is no longer read; use SESSION_IDLE_MINUTES and SESSION_ABSOLUTE_HOURS (logged in) and ANONYMOUS_SESSION_IDLE_DAYS and ANONYMOUS_SESSION_ABSOLUTE_DAYS (anonymous)',
    );
  }
  // The embedded database serves one process, so memory is exact there; a server may have many.
  const sharedDefault: SharedStore = e.REDIS_URL ? 'redis' : e.DATABASE_URL ? 'database' : 'memory';
  const counters = e.COUNTER_STORE ?? sharedDefault;
  const availabilityCache = e.AVAILABILITY_CACHE ?? sharedDefault;
  if ((counters === 'redis' || availabilityCache === 'redis') && !e.REDIS_URL) {
    throw new Error('Invalid configuration: COUNTER_STORE=redis and AVAILABILITY_CACHE=redis need REDIS_URL');
  }
  const [min, max = min] = e.REGISTRY_SIMULATED_LATENCY_MS.split('-').map(Number) as [number, number?];
  if (e.CAPTCHA_ADAPTER === 'recaptcha' && (!e.RECAPTCHA_SITE_KEY || !e.RECAPTCHA_SECRET_KEY)) {
    throw new Error('Invalid configuration: CAPTCHA_ADAPTER=recaptcha needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY');
  }
  if (e.PAYMENT_ADAPTER === 'omnikassa' && (!e.OMNIKASSA_REFRESH_TOKEN || !e.OMNIKASSA_SIGNING_KEY)) {
    throw new Error('Invalid configuration: PAYMENT_ADAPTER=omnikassa needs OMNIKASSA_REFRESH_TOKEN and OMNIKASSA_SIGNING_KEY');
  }
  const dns = dnsConfig(e);
  return {
    role: e.KAVEL_ROLE,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    requestLog: e.REQUEST_LOG === 'true',
    publicUrl: e.PUBLIC_URL ?? null,
    secureCookies: e.PUBLIC_URL?.startsWith('https:') ?? false,
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST ?? null,
    sessions: {
      anonymous: { idleSeconds: e.ANONYMOUS_SESSION_IDLE_DAYS * 86_400, absoluteSeconds: e.ANONYMOUS_SESSION_ABSOLUTE_DAYS * 86_400 },
      loggedIn: { idleSeconds: e.SESSION_IDLE_MINUTES * 60, absoluteSeconds: e.SESSION_ABSOLUTE_HOURS * 3_600 },
    },
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: e.DATA_DIR === ':memory:' ? null : e.DATA_DIR },
    registry: {
      adapter: e.REGISTRY_ADAPTER,
      simulatedLatencyMs: { min, max: Math.max(min, max) },
      simulatedFailureRate: e.REGISTRY_SIMULATED_FAILURE_RATE,
      simulatedTransferSeconds: e.REGISTRY_SIMULATED_TRANSFER_SECONDS,
      timeoutMs: e.REGISTRY_TIMEOUT_MS,
      rdapBaseUrl: e.REGISTRY_RDAP_BASE_URL ?? null,
      whoisServer: e.REGISTRY_WHOIS_SERVER ?? null,
    },
    availability: {
      cacheSeconds: e.AVAILABILITY_CACHE_SECONDS,
      freeSearches: e.AVAILABILITY_FREE_SEARCHES,
      windowSeconds: e.AVAILABILITY_WINDOW_SECONDS,
      cache: availabilityCache,
    },
    captcha:
      e.CAPTCHA_ADAPTER === 'recaptcha'
        ? { adapter: 'recaptcha', siteKey: e.RECAPTCHA_SITE_KEY!, secretKey: e.RECAPTCHA_SECRET_KEY!, verifyUrl: e.RECAPTCHA_VERIFY_URL }
        : { adapter: 'altcha', maxNumber: e.ALTCHA_MAX_NUMBER },
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    resellerApiPerMinute: e.RESELLER_API_PER_MINUTE,
    resellerApiPerResellerPerMinute: e.RESELLER_API_PER_MINUTE_PER_RESELLER,
    resellerApiMaxKeys: e.RESELLER_API_MAX_KEYS,
    loginThrottle: {
      delayFromFailure: e.LOGIN_DELAY_FROM_FAILURE,
      delayBaseSeconds: e.LOGIN_DELAY_BASE_SECONDS,
      delayMaxSeconds: e.LOGIN_DELAY_MAX_SECONDS,
      lockAfterFailures: e.LOGIN_LOCK_AFTER_FAILURES,
      lockWindowMinutes: e.LOGIN_LOCK_WINDOW_MINUTES,
      lockMinutes: e.LOGIN_LOCK_MINUTES,
    },
    counters,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : null,
    baseUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      ...mailSender(e),
      outboxDir: e.OUTBOX_DIR ?? `${e.DATA_DIR === ':memory:' ? './data' : e.DATA_DIR}/outbox`,
    },
    demoAccounts: e.DEMO_ACCOUNTS ? e.DEMO_ACCOUNTS === 'true' : !e.DATABASE_URL,
    payment:
      e.PAYMENT_ADAPTER === 'omnikassa'
        ? { adapter: 'omnikassa', refreshToken: e.OMNIKASSA_REFRESH_TOKEN!, signingKey: e.OMNIKASSA_SIGNING_KEY!, baseUrl: e.OMNIKASSA_BASE_URL }
        : { adapter: 'simulated', allowedOnHttps: e.PAYMENT_SIMULATED_ALLOWED === 'true' },
    provisioning: { adapter: e.PROVISIONING_ADAPTER },
    certificates: { adapter: e.CERTIFICATE_ADAPTER, issueSeconds: e.CERTIFICATE_SIMULATED_ISSUE_SECONDS, failureRate: e.CERTIFICATE_SIMULATED_FAILURE_RATE },
    cloudflare: cloudflareConfig(e),
    vps: vpsConfig(e),
    dns,
    dnsResolver:
      e.DNS_RESOLVER === 'system'
        ? { adapter: 'system', servers: e.DNS_RESOLVER_SERVERS.split(',').map((server) => server.trim()).filter((server) => server !== '') }
        : { adapter: 'simulated' },
    addressLookup:
      e.ADDRESS_LOOKUP === 'pdok' ? { adapter: 'pdok', baseUrl: e.PDOK_LOCATIESERVER_URL, timeoutMs: e.ADDRESS_LOOKUP_TIMEOUT_MS } : { adapter: 'offline' },
    forwarder: {
      port: e.FORWARDER_PORT,
      ipv4: e.FORWARDER_IPV4,
      ipv6: e.FORWARDER_IPV6 ? canonicalIpv6(e.FORWARDER_IPV6) : null,
      https: {
        port: e.FORWARDER_HTTPS_PORT,
        dnsCheck: e.FORWARDER_HTTPS_DNS_CHECK === 'true',
        dnsServers: e.FORWARDER_HTTPS_DNS_SERVERS.split(',').map((server) => server.trim()).filter((server) => server !== ''),
        ordersPerHostPerDay: e.ACME_ORDERS_PER_HOST_PER_DAY,
        ordersPerHour: e.ACME_ORDERS_PER_HOUR,
        renewBeforeDays: e.ACME_RENEW_BEFORE_DAYS,
        keyEncryptionKey: e.ACME_KEY_ENCRYPTION_KEY ?? null,
      },
    },
    acme: e.ACME_DIRECTORY_URL
      ? { adapter: 'acme-client', directoryUrl: e.ACME_DIRECTORY_URL, email: e.ACME_EMAIL ?? null, caFile: e.ACME_CA_FILE ?? null }
      : { adapter: 'none' },
  };
}

/** The sender and answer address, each one mailbox (`Kavel <noreply@kavel.nl>` or `noreply@kavel.nl`). */
function mailSender(e: Env): { from: string; replyTo: string } {
  const host = e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : '';
  // A shop on a domain name sends from it (without `www.`); on an address or `localhost`, from the reserved `kavel.localhost`.
  const domain = host.includes('.') && !isIP(host.replace(/^\[|\]$/g, '')) ? host.replace(/^www\./, '') : 'kavel.localhost';
  const from = e.MAIL_FROM ?? `Kavel <noreply@${domain}>`;
  for (const [name, value] of [['MAIL_FROM', from], ['MAIL_REPLY_TO', e.MAIL_REPLY_TO]] as const) {
    if (value !== undefined && !parseMailbox(value)) {
      throw new Error(`Invalid configuration: ${name} must be one e-mail address, with a name if you like: 'Kavel <support@kavel.nl>' (got '${value}')`);
    }
  }
  return { from, replyTo: e.MAIL_REPLY_TO ?? defaultReplyTo(from) };
}

function cloudflareConfig(e: Env): Config['cloudflare'] {
  if (e.CLOUDFLARE_ADAPTER === 'simulated') {
    return { adapter: 'simulated', activationSeconds: e.CLOUDFLARE_SIMULATED_ACTIVATION_SECONDS, failureRate: e.CLOUDFLARE_SIMULATED_FAILURE_RATE };
  }
  if (!e.CLOUDFLARE_API_TOKEN || !e.CLOUDFLARE_ACCOUNT_ID) throw new Error('Invalid configuration: CLOUDFLARE_ADAPTER=api needs CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID');
  return { adapter: 'api', baseUrl: e.CLOUDFLARE_API_URL, apiToken: e.CLOUDFLARE_API_TOKEN, accountId: e.CLOUDFLARE_ACCOUNT_ID, timeoutMs: e.CLOUDFLARE_TIMEOUT_MS };
}

function vpsConfig(e: Env): Config['vps'] {
  if (e.VPS_ADAPTER === 'simulated') return { adapter: 'simulated', bootSeconds: e.VPS_SIMULATED_BOOT_SECONDS, failureRate: e.VPS_SIMULATED_FAILURE_RATE };
  if (!e.PROXMOX_API_URL || !e.PROXMOX_TOKEN_ID || !e.PROXMOX_TOKEN_SECRET || !e.PROXMOX_NODE || e.PROXMOX_TEMPLATE_VMID === undefined) {
    throw new Error('Invalid configuration: VPS_ADAPTER=proxmox needs PROXMOX_API_URL, PROXMOX_TOKEN_ID, PROXMOX_TOKEN_SECRET, PROXMOX_NODE and PROXMOX_TEMPLATE_VMID');
  }
  return {
    adapter: 'proxmox',
    apiUrl: e.PROXMOX_API_URL,
    tokenId: e.PROXMOX_TOKEN_ID,
    tokenSecret: e.PROXMOX_TOKEN_SECRET,
    node: e.PROXMOX_NODE,
    templateVmid: e.PROXMOX_TEMPLATE_VMID,
    timeoutMs: e.PROXMOX_TIMEOUT_MS,
  };
}

function dnsConfig(e: Env): Config['dns'] {
  const fullName = (name: string) => isWellFormedName(name, false) && name.split('.').length > 2;
  const nameservers = e.DNS_NAMESERVERS.split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '')
    .map((name) => (name.endsWith('.') ? name : `${name}.`));
  if (nameservers.length === 0 || !nameservers.every(fullName)) {
    throw new Error(`Invalid configuration: DNS_NAMESERVERS must list full host names, comma-separated (got '${e.DNS_NAMESERVERS}')`);
  }
  const hostmaster = e.DNS_HOSTMASTER.trim();
  if (!fullName(hostmasterName(hostmaster).replaceAll('\\.', '-')) || hostmaster.endsWith('@')) {
    throw new Error(`Invalid configuration: DNS_HOSTMASTER must be an e-mail address or a host name (got '${e.DNS_HOSTMASTER}')`);
  }
  const maxZoneRecords = e.DNS_ZONE_MAX_RECORDS;
  if (e.DNS_ADAPTER === 'none') return { adapter: 'none', nameservers, hostmaster, maxZoneRecords };
  if (!e.POWERDNS_API_URL || !e.POWERDNS_API_KEY) throw new Error('Invalid configuration: DNS_ADAPTER=powerdns needs POWERDNS_API_URL and POWERDNS_API_KEY');
  return { adapter: 'powerdns', apiUrl: e.POWERDNS_API_URL, apiKey: e.POWERDNS_API_KEY, nameservers, hostmaster, maxZoneRecords };
}
