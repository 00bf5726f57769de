import { DEFAULT_ZONE_RECORD_LIMIT, isIpv4, isIpv6 } from '@kavel/core';
import { z } from 'zod';
import { DEFAULT_LOGIN_THROTTLE as LOGIN } from './features/accounts/login-throttle-rules.ts';
import { DEFAULT_RESELLER_API_LIMITS as RESELLER_API } from './features/reseller-api/reseller-api-limits.ts';
import { DEFAULT_CLOUDFLARE_API_URL } from './ports/cloudflare/api-cloudflare.ts';

/**
 * The environment variables the shop reads, with their defaults and rules (`config.ts` turns them
 * into the configuration). Every one is listed in README.md's configuration table.
 */
/** The shop's name servers when `DNS_NAMESERVERS` is not set. */
export const DEFAULT_DNS_NAMESERVERS = ['ns1.kavel.nl', 'ns2.kavel.nl'] as const;
export const DEFAULT_DNS_HOSTMASTER = 'hostmaster@kavel.nl';
/** Where forwarded domains point when `FORWARDER_IPV4` is not set (a documentation address: set the real one). */
export const DEFAULT_FORWARDER_IPV4 = '203.0.113.80';
export const DEFAULT_FORWARDER_PORT = 8088;
export const DEFAULT_FORWARDER_HTTPS_PORT = 8443;
/** The PDOK Locatieserver's search API, version 3.1 (the Kadaster's geocoder over the current BAG). */
export const DEFAULT_PDOK_LOCATIESERVER_URL = 'https://api.pdok.nl/bzk/locatieserver/search/v3_1';

const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One entry of a `TRUST_PROXY` list: an IP address, a subnet as address/prefix, or a named range. */
function isTrustedProxyEntry(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  if (rest.length > 0) return false;
  const bits = isIpv4(address) ? 32 : isIpv6(address) ? 128 : 0;
  if (bits === 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
}

export const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** Folder of the embedded database; `:memory:` keeps it in memory. */
  DATA_DIR: z.string().default('./data'),
  /** A PostgreSQL server instead of the embedded database. */
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** One `info` line per request (method, URL, status, time); `false` logs no requests. */
  REQUEST_LOG: z.enum(['true', 'false']).default('true'),
  /** Public address of the shop, used in links; also decides whether cookies are Secure. */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * The proxies whose X-Forwarded-For (and -Host, -Proto) is believed: their addresses, subnets or
   * `loopback`, `linklocal`, `uniquelocal`, comma-separated; or a number of proxies in front of the
   * server, whoever they are (0: none).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('0')
    .transform((text, context): number | string[] => {
      if (/^\d+$/.test(text)) {
        if (Number(text) > 10) context.addIssue({ code: 'custom', message: 'at most 10 proxies' });
        return Number(text);
      }
      const entries = text.split(',').map((part) => part.trim());
      for (const entry of entries) {
        if (!isTrustedProxyEntry(entry)) context.addIssue({ code: 'custom', message: `"${entry}" is not an address, a subnet (address/prefix), loopback, linklocal or uniquelocal` });
      }
      return entries;
    }),
  /** Folder with the built front end. */
  WEB_DIST: z.string().optional(),
  /** A logged-in session ends after this many minutes without a request... */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(43_200).default(30),
  /** ...and this many hours after the login, however active. */
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(8_760).default(12),
  /** An anonymous session (its basket) ends after this many days without a request... */
  ANONYMOUS_SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** ...and this many days after it began, however active. */
  ANONYMOUS_SESSION_ABSOLUTE_DAYS: z.coerce.number().int().min(1).max(3_650).default(90),
  /** Replaced by the four variables above; refused so that an old setting is not silently ignored. */
  SESSION_DAYS: z.string().optional(),

  REGISTRY_ADAPTER: z.enum(['simulated', 'rdap', 'whois']).default('simulated'),
  /** Simulated registry: latency of one lookup in ms, `min-max`. */
  REGISTRY_SIMULATED_LATENCY_MS: z.string().regex(/^\d+(-\d+)?$/).default('150-900'),
  /** Simulated registry: share of lookups that fail, 0 to 1. */
  REGISTRY_SIMULATED_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  /** Simulated registry: how long a transfer waits for the losing registrar (5 days; shorter for demos). */
  REGISTRY_SIMULATED_TRANSFER_SECONDS: z.coerce.number().int().min(0).max(30 * 86_400).default(5 * 86_400),
  /** Time one lookup may take before it counts as failed. */
  REGISTRY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
  /** Overrides every extension's RDAP base URL (e.g. a local RDAP server). */
  REGISTRY_RDAP_BASE_URL: z.string().url().optional(),
  /** Overrides every extension's WHOIS server, `host:port`. */
  REGISTRY_WHOIS_SERVER: z.string().optional(),
  AVAILABILITY_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Searches one client may make per window before each further search needs a captcha. */
  AVAILABILITY_FREE_SEARCHES: z.coerce.number().int().min(0).max(100_000).default(30),
  AVAILABILITY_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),

  CAPTCHA_ADAPTER: z.enum(['altcha', 'recaptcha']).default('altcha'),
  /** ALTCHA: work of a challenge (max number); higher is slower for bots and people. */
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(1000).max(10_000_000).default(100_000),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET_KEY: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),

  /** SMTP server for outgoing mail, e.g. `smtp://user:pass@mail.example.nl:587`; unset: the outbox folder. */
  SMTP_URL: z.string().optional(),
  /** Sender of every mail; default `Kavel <noreply@…>` on PUBLIC_URL's domain (`kavel.localhost` without one). */
  MAIL_FROM: z.string().optional(),
  /** Where answers to the mails go (`Reply-To`); default: MAIL_FROM, or `support@` its domain when MAIL_FROM is a no-reply address. */
  MAIL_REPLY_TO: z.string().optional(),
  /** Folder where the default mail adapter writes each message. */
  OUTBOX_DIR: z.string().optional(),
  /** Demo accounts: created on the embedded database by default, on a server only when `true`. */
  DEMO_ACCOUNTS: z.enum(['true', 'false']).optional(),
  PAYMENT_ADAPTER: z.enum(['simulated', 'omnikassa']).default('simulated'),
  /** The simulated provider on an `https:` PUBLIC_URL (a public shop where no money is taken): only when `true`. */
  PAYMENT_SIMULATED_ALLOWED: z.enum(['true', 'false']).default('false'),
  /** Omnikassa 2.0 (Rabo Smart Pay): the refresh token and signing key (base64) from the dashboard. */
  OMNIKASSA_REFRESH_TOKEN: z.string().optional(),
  OMNIKASSA_SIGNING_KEY: z.string().optional(),
  /** Omnikassa API base; the sandbox by default. */
  OMNIKASSA_BASE_URL: z.string().url().default('https://api.pay-sandbox.rabobank.nl/omnikassa-api-sandbox/'),
  PROVISIONING_ADAPTER: z.enum(['simulated']).default('simulated'),
  CERTIFICATE_ADAPTER: z.enum(['simulated']).default('simulated'),
  /** Simulated certificate authority: seconds from the order to the issued certificate (its domain validation). */
  CERTIFICATE_SIMULATED_ISSUE_SECONDS: z.coerce.number().int().min(0).max(7 * 86_400).default(60),
  /** Simulated certificate authority: share of orders answered 'unreachable', 0 to 1. */
  CERTIFICATE_SIMULATED_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  /** Cloudflare plans for a customer's domain: `simulated` (zones in the shop's database) or `api` (Cloudflare API v4). */
  CLOUDFLARE_ADAPTER: z.enum(['simulated', 'api']).default('simulated'),
  /** Cloudflare API v4 base. */
  CLOUDFLARE_API_URL: z.string().url().default(DEFAULT_CLOUDFLARE_API_URL),
  /** An API token with Zone Edit and Billing Edit on the account. */
  CLOUDFLARE_API_TOKEN: z.string().optional(),
  /** The account the zones are created in. */
  CLOUDFLARE_ACCOUNT_ID: z.string().optional(),
  /** Time one Cloudflare call may take before it counts as unreachable. */
  CLOUDFLARE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Simulated Cloudflare: how long a new zone stays pending. */
  CLOUDFLARE_SIMULATED_ACTIVATION_SECONDS: z.coerce.number().int().min(0).max(30 * 86_400).default(60),
  /** Simulated Cloudflare: share of calls that fail, 0 to 1. */
  CLOUDFLARE_SIMULATED_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  /** Virtual servers: `simulated` (servers in the shop's database) or `proxmox` (Proxmox VE API). */
  VPS_ADAPTER: z.enum(['simulated', 'proxmox']).default('simulated'),
  /** Proxmox VE: `https://pve.example.nl:8006`. */
  PROXMOX_API_URL: z.string().url().optional(),
  /** Proxmox VE API token: `USER@REALM!TOKENID` and its secret. */
  PROXMOX_TOKEN_ID: z.string().regex(/^[^@=\s]+@[^!=\s]+![^=\s]+$/, 'USER@REALM!TOKENID').optional(),
  PROXMOX_TOKEN_SECRET: z.string().optional(),
  /** The node where servers are created. */
  PROXMOX_NODE: z.string().optional(),
  /** The template VM that is cloned. */
  PROXMOX_TEMPLATE_VMID: z.coerce.number().int().min(100).max(999_999_999).optional(),
  /** Time one Proxmox call may take before it counts as unreachable (tasks are waited for longer). */
  PROXMOX_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Simulated VPS platform: how long a new server stays provisioning. */
  VPS_SIMULATED_BOOT_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  /** Simulated VPS platform: share of calls that fail, 0 to 1. */
  VPS_SIMULATED_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  /** Login throttle per account (and per unknown address): from this failure in a row on, the next check waits. */
  LOGIN_DELAY_FROM_FAILURE: z.coerce.number().int().min(1).max(100).default(LOGIN.delayFromFailure),
  /** The wait after that failure, doubling with each further failure up to the maximum. */
  LOGIN_DELAY_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(LOGIN.delayBaseSeconds),
  LOGIN_DELAY_MAX_SECONDS: z.coerce.number().int().min(1).max(86_400).default(LOGIN.delayMaxSeconds),
  /** This many failures within the window lock logins for the address for a while. */
  LOGIN_LOCK_AFTER_FAILURES: z.coerce.number().int().min(2).max(1000).default(LOGIN.lockAfterFailures),
  LOGIN_LOCK_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(LOGIN.lockWindowMinutes),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).max(1440).default(LOGIN.lockMinutes),
  /** Requests per minute per client on the public API. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Reseller API calls per minute per key, and per reseller with all its keys together. */
  RESELLER_API_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(RESELLER_API.perKeyPerMinute),
  RESELLER_API_PER_MINUTE_PER_RESELLER: z.coerce.number().int().min(1).max(1_000_000).default(RESELLER_API.perResellerPerMinute),
  /** API keys a reseller may have that are not revoked. */
  RESELLER_API_MAX_KEYS: z.coerce.number().int().min(1).max(1000).default(RESELLER_API.activeKeys),
  /** A Redis server for the shared counters and the availability cache, e.g. `redis://127.0.0.1:6379`. */
  REDIS_URL: z.string().url().optional(),
  /** Start of every key this shop writes on Redis, so several shops can share one server. */
  REDIS_KEY_PREFIX: z.string().max(100).default('kavel:'),
  /** Where the search quota and rate limit count; default: redis with REDIS_URL, database on a server, memory on the embedded database. */
  COUNTER_STORE: z.enum(['memory', 'database', 'redis']).optional(),
  /** Where availability answers are cached; the same default as COUNTER_STORE. */
  AVAILABILITY_CACHE: z.enum(['memory', 'database', 'redis']).optional(),
  /** What this process does: `web` serves HTTP, `worker` runs the jobs, `forwarder` answers forwarded domains, `all` everything (one process). */
  KAVEL_ROLE: z.enum(['all', 'web', 'worker', 'forwarder']).default('all'),
  /** The forwarding responder's port (the `forwarder` role, and `all`). */
  FORWARDER_PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_FORWARDER_PORT),
  /** The responder's public addresses: the A (and AAAA) records of domains forwarded by HTTP or IFRAME. */
  FORWARDER_IPV4: z.string().refine(isIpv4, 'an IPv4 address').default(DEFAULT_FORWARDER_IPV4),
  FORWARDER_IPV6: z.string().refine(isIpv6, 'an IPv6 address').optional(),
  /** The responder's HTTPS port; it listens there only when ACME_DIRECTORY_URL is set. */
  FORWARDER_HTTPS_PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_FORWARDER_HTTPS_PORT),
  /** Whether a host must resolve to FORWARDER_IPV4/IPV6 (every address it has) before a certificate is ordered for it. */
  FORWARDER_HTTPS_DNS_CHECK: z.enum(['true', 'false']).default('true'),
  /** Resolvers for that check, comma-separated `host` or `host:port`; empty: the system's. */
  FORWARDER_HTTPS_DNS_SERVERS: z.string().default(''),
  /** An ACME directory for the forwarded domains' certificates (Let's Encrypt, its staging, pebble); unset: HTTP only. */
  ACME_DIRECTORY_URL: z.string().url().optional(),
  /** The ACME account's contact address. */
  ACME_EMAIL: z.string().email().optional(),
  /** A PEM file of extra CAs trusted for the ACME server's own HTTPS (e.g. pebble's `pebble.minica.pem`). */
  ACME_CA_FILE: z.string().optional(),
  /** Certificate orders per host name per day (failed ones count). */
  ACME_ORDERS_PER_HOST_PER_DAY: z.coerce.number().int().min(1).max(1000).default(5),
  /** Certificate orders per hour, all hosts together. */
  ACME_ORDERS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  /** 32 bytes in base64: the forwarded hosts' certificate keys are stored encrypted with it (AES-256-GCM); unset: plain PEM. */
  ACME_KEY_ENCRYPTION_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, '32 bytes in base64 (e.g. `openssl rand -base64 32`)')
    .optional(),
  /** A certificate that ends within this many days is renewed. */
  ACME_RENEW_BEFORE_DAYS: z.coerce.number().int().min(1).max(60).default(30),
  /** Where zones are published: `none` (the shop keeps them) or `powerdns`. */
  DNS_ADAPTER: z.enum(['none', 'powerdns']).default('none'),
  DNS_RESOLVER: z.enum(['simulated', 'system']).default('simulated'),
  DNS_RESOLVER_SERVERS: z.string().default(''),
  POWERDNS_API_URL: z.string().url().optional(),
  POWERDNS_API_KEY: z.string().optional(),
  /** The shop's name servers, comma-separated: the zones' NS records, the first one in the SOA. */
  DNS_NAMESERVERS: z.string().default(DEFAULT_DNS_NAMESERVERS.join(',')),
  /** The zones' SOA contact: an e-mail address or a name with dots. */
  DNS_HOSTMASTER: z.string().default(DEFAULT_DNS_HOSTMASTER),
  /** The most records one zone may hold, however they come in (the record form, the reseller API, an import, a profile). */
  DNS_ZONE_MAX_RECORDS: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_ZONE_RECORD_LIMIT),
  /** Where the customer-data form's address lookup answers from: `offline` (committed BAG subset) or `pdok`. */
  ADDRESS_LOOKUP: z.enum(['offline', 'pdok']).default('offline'),
  /** The PDOK Locatieserver's search API (its `free` endpoint is below it). */
  PDOK_LOCATIESERVER_URL: z.string().url().default(DEFAULT_PDOK_LOCATIESERVER_URL),
  /** Time one PDOK question may take before the lookup counts as unreachable. */
  ADDRESS_LOOKUP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
});

export type Env = z.infer<typeof ZEnv>;
