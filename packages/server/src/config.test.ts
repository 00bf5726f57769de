import { describe, expect, it } from 'vitest';
import { DEFAULT_PDOK_LOCATIESERVER_URL, loadConfig } from './config.ts';
import { DEFAULT_CLOUDFLARE_API_URL } from './ports/cloudflare/index.ts';

describe('session configuration', () => {
  it('defaults to 30 idle minutes and 12 hours for a logged-in session, 30 idle days and 90 days for an anonymous one', () => {
    expect(loadConfig({}).sessions).toEqual({
      loggedIn: { idleSeconds: 30 * 60, absoluteSeconds: 12 * 3_600 },
      anonymous: { idleSeconds: 30 * 86_400, absoluteSeconds: 90 * 86_400 },
    });
  });

  it('reads the four lifetimes', () => {
    const config = loadConfig({ SESSION_IDLE_MINUTES: '15', SESSION_ABSOLUTE_HOURS: '8', ANONYMOUS_SESSION_IDLE_DAYS: '7', ANONYMOUS_SESSION_ABSOLUTE_DAYS: '14' });
    expect(config.sessions).toEqual({
      loggedIn: { idleSeconds: 15 * 60, absoluteSeconds: 8 * 3_600 },
      anonymous: { idleSeconds: 7 * 86_400, absoluteSeconds: 14 * 86_400 },
    });
  });

  it('refuses the replaced SESSION_DAYS rather than ignoring it', () => {
    expect(() => loadConfig({ SESSION_DAYS: '30' })).toThrow(/SESSION_DAYS is no longer read; use SESSION_IDLE_MINUTES/);
  });

  it('refuses a lifetime of zero', () => {
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '0' })).toThrow(/SESSION_IDLE_MINUTES/);
  });
});

describe('DNS publishing configuration', () => {
  it('defaults to publishing nothing, with the default name servers and hostmaster', () => {
    expect(loadConfig({}).dns).toEqual({ adapter: 'none', nameservers: ['ns1.kavel.nl.', 'ns2.kavel.nl.'], hostmaster: 'hostmaster@kavel.nl', maxZoneRecords: 5000 });
  });

  it('reads the most records a zone may hold', () => {
    expect(loadConfig({ DNS_ZONE_MAX_RECORDS: '20000' }).dns.maxZoneRecords).toBe(20_000);
    expect(() => loadConfig({ DNS_ZONE_MAX_RECORDS: '0' })).toThrow(/DNS_ZONE_MAX_RECORDS/);
  });

  it('reads PowerDNS and the name servers, absolute and lower case', () => {
    const env = { DNS_ADAPTER: 'powerdns', POWERDNS_API_URL: 'http://127.0.0.1:8081', POWERDNS_API_KEY: 'k', DNS_NAMESERVERS: ' NS1.Bakker-Hosting.nl , ns2.bakker-hosting.nl.', DNS_HOSTMASTER: 'dns.beheer@bakker-hosting.nl' };
    expect(loadConfig(env).dns).toEqual({
      adapter: 'powerdns',
      apiUrl: 'http://127.0.0.1:8081',
      apiKey: 'k',
      nameservers: ['ns1.bakker-hosting.nl.', 'ns2.bakker-hosting.nl.'],
      hostmaster: 'dns.beheer@bakker-hosting.nl',
      maxZoneRecords: 5000,
    });
  });

  it.each([
    [{ DNS_ADAPTER: 'powerdns', POWERDNS_API_URL: 'http://127.0.0.1:8081' }, /DNS_ADAPTER=powerdns needs POWERDNS_API_URL and POWERDNS_API_KEY/],
    [{ DNS_ADAPTER: 'bind' }, /DNS_ADAPTER/],
    [{ DNS_NAMESERVERS: 'localhost' }, /DNS_NAMESERVERS must list full host names/],
    [{ DNS_NAMESERVERS: 'ns1.kavel.nl,ns 2.kavel.nl' }, /DNS_NAMESERVERS/],
    [{ DNS_HOSTMASTER: 'hostmaster@' }, /DNS_HOSTMASTER/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('address lookup configuration', () => {
  it('defaults to the offline lookup on the committed BAG subset', () => {
    expect(loadConfig({}).addressLookup).toEqual({ adapter: 'offline' });
  });

  it('reads the PDOK Locatieserver, its address and timeout', () => {
    expect(loadConfig({ ADDRESS_LOOKUP: 'pdok' }).addressLookup).toEqual({ adapter: 'pdok', baseUrl: DEFAULT_PDOK_LOCATIESERVER_URL, timeoutMs: 3000 });
    expect(loadConfig({ ADDRESS_LOOKUP: 'pdok', PDOK_LOCATIESERVER_URL: 'http://127.0.0.1:8090/search', ADDRESS_LOOKUP_TIMEOUT_MS: '500' }).addressLookup).toEqual({
      adapter: 'pdok',
      baseUrl: 'http://127.0.0.1:8090/search',
      timeoutMs: 500,
    });
  });

  it('refuses another adapter, an address that is not a URL, and a timeout out of range', () => {
    expect(() => loadConfig({ ADDRESS_LOOKUP: 'google' })).toThrow(/ADDRESS_LOOKUP/);
    expect(() => loadConfig({ ADDRESS_LOOKUP: 'pdok', PDOK_LOCATIESERVER_URL: 'api.pdok.nl' })).toThrow(/PDOK_LOCATIESERVER_URL/);
    expect(() => loadConfig({ ADDRESS_LOOKUP_TIMEOUT_MS: '10' })).toThrow(/ADDRESS_LOOKUP_TIMEOUT_MS/);
  });
});

describe('Cloudflare configuration', () => {
  it('defaults to the simulated account: zones active after a minute, no failures', () => {
    expect(loadConfig({}).cloudflare).toEqual({ adapter: 'simulated', activationSeconds: 60, failureRate: 0 });
    expect(loadConfig({ CLOUDFLARE_SIMULATED_ACTIVATION_SECONDS: '0', CLOUDFLARE_SIMULATED_FAILURE_RATE: '0.5' }).cloudflare).toEqual({ adapter: 'simulated', activationSeconds: 0, failureRate: 0.5 });
  });

  it('reads the API: token, account, address and timeout', () => {
    expect(loadConfig({ CLOUDFLARE_ADAPTER: 'api', CLOUDFLARE_API_TOKEN: 'tok', CLOUDFLARE_ACCOUNT_ID: 'acc' }).cloudflare).toEqual({
      adapter: 'api',
      baseUrl: DEFAULT_CLOUDFLARE_API_URL,
      apiToken: 'tok',
      accountId: 'acc',
      timeoutMs: 10_000,
    });
    expect(loadConfig({ CLOUDFLARE_ADAPTER: 'api', CLOUDFLARE_API_TOKEN: 'tok', CLOUDFLARE_ACCOUNT_ID: 'acc', CLOUDFLARE_API_URL: 'http://127.0.0.1:8787/client/v4', CLOUDFLARE_TIMEOUT_MS: '500' }).cloudflare).toMatchObject({
      baseUrl: 'http://127.0.0.1:8787/client/v4',
      timeoutMs: 500,
    });
  });

  it('refuses the API without token or account, and another adapter', () => {
    expect(() => loadConfig({ CLOUDFLARE_ADAPTER: 'api', CLOUDFLARE_API_TOKEN: 'tok' })).toThrow(/CLOUDFLARE_ACCOUNT_ID/);
    expect(() => loadConfig({ CLOUDFLARE_ADAPTER: 'api', CLOUDFLARE_ACCOUNT_ID: 'acc' })).toThrow(/CLOUDFLARE_API_TOKEN/);
    expect(() => loadConfig({ CLOUDFLARE_ADAPTER: 'other' })).toThrow(/CLOUDFLARE_ADAPTER/);
  });
});

describe('VPS configuration', () => {
  const proxmox = { VPS_ADAPTER: 'proxmox', PROXMOX_API_URL: 'https://pve.example.nl:8006', PROXMOX_TOKEN_ID: 'kavel@pve!shop', PROXMOX_TOKEN_SECRET: 'secret', PROXMOX_NODE: 'pve1', PROXMOX_TEMPLATE_VMID: '9000' };

  it('defaults to the simulated platform: servers run after 30 seconds, no failures', () => {
    expect(loadConfig({}).vps).toEqual({ adapter: 'simulated', bootSeconds: 30, failureRate: 0 });
  });

  it('reads Proxmox VE: address, token, node, template and timeout', () => {
    expect(loadConfig(proxmox).vps).toEqual({
      adapter: 'proxmox',
      apiUrl: 'https://pve.example.nl:8006',
      tokenId: 'kavel@pve!shop',
      tokenSecret: 'secret',
      node: 'pve1',
      templateVmid: 9000,
      timeoutMs: 10_000,
    });
  });

  it('refuses Proxmox with a setting missing, and a token id that is not USER@REALM!TOKENID', () => {
    expect(() => loadConfig({ ...proxmox, PROXMOX_TEMPLATE_VMID: undefined })).toThrow(/PROXMOX_TEMPLATE_VMID/);
    expect(() => loadConfig({ ...proxmox, PROXMOX_NODE: undefined })).toThrow(/PROXMOX_NODE/);
    expect(() => loadConfig({ ...proxmox, PROXMOX_TOKEN_ID: 'kavel' })).toThrow(/PROXMOX_TOKEN_ID/);
  });
});

describe('the forwarding responder HTTPS configuration', () => {
  const KEK = Buffer.alloc(32, 7).toString('base64');
  it('defaults to no certificate authority (HTTP only), port 8443, the DNS check on through the system resolvers, and the order limits', () => {
    const config = loadConfig({});
    expect(config.acme).toEqual({ adapter: 'none' });
    expect(config.forwarder.https).toEqual({ port: 8443, dnsCheck: true, dnsServers: [], ordersPerHostPerDay: 5, ordersPerHour: 30, renewBeforeDays: 30, keyEncryptionKey: null });
  });

  it('reads an ACME directory with its contact and CA file, the resolvers and limits', () => {
    const config = loadConfig({
      ACME_DIRECTORY_URL: 'https://acme-staging-v02.api.letsencrypt.org/directory',
      ACME_EMAIL: 'hostmaster@bakker-hosting.nl',
      ACME_CA_FILE: '/etc/kavel/acme-ca.pem',
      FORWARDER_HTTPS_PORT: '443',
      FORWARDER_HTTPS_DNS_CHECK: 'false',
      FORWARDER_HTTPS_DNS_SERVERS: ' 9.9.9.9 , 127.0.0.1:5353',
      ACME_ORDERS_PER_HOST_PER_DAY: '3',
      ACME_ORDERS_PER_HOUR: '100',
      ACME_RENEW_BEFORE_DAYS: '20',
      ACME_KEY_ENCRYPTION_KEY: KEK,
    });
    expect(config.acme).toEqual({ adapter: 'acme-client', directoryUrl: 'https://acme-staging-v02.api.letsencrypt.org/directory', email: 'hostmaster@bakker-hosting.nl', caFile: '/etc/kavel/acme-ca.pem' });
    expect(config.forwarder.https).toEqual({ port: 443, dnsCheck: false, dnsServers: ['9.9.9.9', '127.0.0.1:5353'], ordersPerHostPerDay: 3, ordersPerHour: 100, renewBeforeDays: 20, keyEncryptionKey: KEK });
  });

  it('refuses a directory that is no URL, a contact that is no e-mail address and a key encryption key that is not 32 bytes', () => {
    expect(() => loadConfig({ ACME_KEY_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/ACME_KEY_ENCRYPTION_KEY/);
    expect(() => loadConfig({ ACME_DIRECTORY_URL: 'letsencrypt' })).toThrow(/ACME_DIRECTORY_URL/);
    expect(() => loadConfig({ ACME_DIRECTORY_URL: 'https://acme.example/dir', ACME_EMAIL: 'nobody' })).toThrow(/ACME_EMAIL/);
  });
});

describe('mail configuration', () => {
  it('sends from noreply@ the shop domain, answered at support@ it, without PUBLIC_URL on kavel.localhost', () => {
    expect(loadConfig({}).mail).toMatchObject({ from: 'Kavel <noreply@kavel.localhost>', replyTo: 'Kavel <support@kavel.localhost>' });
    for (const local of ['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080']) {
      expect(loadConfig({ PUBLIC_URL: local }).mail.from, local).toBe('Kavel <noreply@kavel.localhost>');
    }
    expect(loadConfig({ PUBLIC_URL: 'https://www.kavel.nl/' }).mail).toMatchObject({ from: 'Kavel <noreply@kavel.nl>', replyTo: 'Kavel <support@kavel.nl>' });
    expect(loadConfig({ PUBLIC_URL: 'https://shop.bakkerij.nl' }).mail.from).toBe('Kavel <noreply@shop.bakkerij.nl>');
  });

  it('reads MAIL_FROM and MAIL_REPLY_TO; a sender someone reads is answered itself', () => {
    expect(loadConfig({ MAIL_FROM: 'Bakkerij <info@bakkerij.nl>' }).mail).toMatchObject({ from: 'Bakkerij <info@bakkerij.nl>', replyTo: 'Bakkerij <info@bakkerij.nl>' });
    expect(loadConfig({ MAIL_FROM: 'noreply@bakkerij.nl', MAIL_REPLY_TO: 'Klantenservice <help@bakkerij.nl>' }).mail).toMatchObject({
      from: 'noreply@bakkerij.nl',
      replyTo: 'Klantenservice <help@bakkerij.nl>',
    });
  });

  it('refuses a sender or answer address that is not one e-mail address', () => {
    expect(() => loadConfig({ MAIL_FROM: 'Kavel' })).toThrow(/MAIL_FROM must be one e-mail address/);
    expect(() => loadConfig({ MAIL_REPLY_TO: 'a@kavel.nl, b@kavel.nl' })).toThrow(/MAIL_REPLY_TO must be one e-mail address/);
  });
});
