import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressLookup, createCertificates, createCloudflare, createPayment, createVps, type AdapterLog } from './adapters.ts';
import { loadConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/connect.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: null });
});
afterAll(async () => {
  await database.close();
});

/** The payment adapter that configuration picks, and what it says in the log on the way. */
async function choose(env: Record<string, string | undefined>) {
  const lines: Array<Parameters<AdapterLog>> = [];
  const log: AdapterLog = (...entry) => void lines.push(entry);
  const config = loadConfig({ DATA_DIR: ':memory:', ...env });
  try {
    return { port: await createPayment(config, log, database.db), error: null, lines };
  } catch (error) {
    return { port: null, error: error as Error, lines };
  }
}

describe('choosing the payment adapter', () => {
  it('refuses the simulated provider on an https address unless PAYMENT_SIMULATED_ALLOWED=true, with a warning', async () => {
    for (const env of [{ PUBLIC_URL: 'https://shop.example.nl' }, { PUBLIC_URL: 'https://shop.example.nl', PAYMENT_SIMULATED_ALLOWED: 'false' }]) {
      const { port, error, lines } = await choose(env);
      expect(port).toBeNull();
      expect(error?.message).toMatch(/PAYMENT_ADAPTER=simulated refused on the https address https:\/\/shop\.example\.nl.*PAYMENT_SIMULATED_ALLOWED=true/);
      expect(lines).toEqual([[expect.stringContaining('refused'), 'warn']]);
    }
  });

  it('starts the simulated provider on an https address when allowed, and warns', async () => {
    const { port, lines } = await choose({ PUBLIC_URL: 'https://shop.example.nl', PAYMENT_SIMULATED_ALLOWED: 'true' });
    expect(port?.name).toBe('simulated');
    expect(lines).toEqual([[expect.stringMatching(/^Simulated payments on the https address https:\/\/shop\.example\.nl.*without money/), 'warn']]);
  });

  it('starts the simulated provider on a plain http address (the default), and warns', async () => {
    for (const env of [{}, { PUBLIC_URL: 'http://localhost:8080' }]) {
      const { port, lines } = await choose(env);
      expect(port?.name).toBe('simulated');
      expect(lines).toEqual([[expect.stringContaining('without money'), 'warn']]);
    }
  });

  it('takes Omnikassa on https without a word about simulation', async () => {
    const { port, lines } = await choose({ PUBLIC_URL: 'https://shop.example.nl', PAYMENT_ADAPTER: 'omnikassa', OMNIKASSA_REFRESH_TOKEN: 'token', OMNIKASSA_SIGNING_KEY: 'c2VjcmV0' });
    expect(port?.name).toBe('omnikassa');
    expect(lines).toEqual([]);
  });

  it('reads PAYMENT_SIMULATED_ALLOWED as true or false only', () => {
    expect(loadConfig({}).payment).toEqual({ adapter: 'simulated', allowedOnHttps: false });
    expect(loadConfig({ PAYMENT_SIMULATED_ALLOWED: 'true' }).payment).toEqual({ adapter: 'simulated', allowedOnHttps: true });
    expect(() => loadConfig({ PAYMENT_SIMULATED_ALLOWED: 'yes' })).toThrow(/PAYMENT_SIMULATED_ALLOWED/);
  });
});

describe('choosing where shared state lives', () => {
  it('keeps it in memory on the embedded database, on the database server with DATABASE_URL, and on Redis with REDIS_URL', () => {
    const stores = (env: Record<string, string>) => {
      const config = loadConfig(env);
      return { counters: config.counters, cache: config.availability.cache };
    };
    expect(stores({})).toEqual({ counters: 'memory', cache: 'memory' });
    expect(stores({ DATABASE_URL: 'postgres://db/kavel' })).toEqual({ counters: 'database', cache: 'database' });
    expect(stores({ DATABASE_URL: 'postgres://db/kavel', REDIS_URL: 'redis://127.0.0.1:6379' })).toEqual({ counters: 'redis', cache: 'redis' });
    expect(stores({ DATABASE_URL: 'postgres://db/kavel', AVAILABILITY_CACHE: 'memory' })).toEqual({ counters: 'database', cache: 'memory' });
  });

  it('refuses a Redis store without REDIS_URL', () => {
    expect(() => loadConfig({ COUNTER_STORE: 'redis' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ AVAILABILITY_CACHE: 'redis' })).toThrow(/REDIS_URL/);
  });
});

describe('choosing the address lookup', () => {
  it('answers from the committed BAG subset by default, and asks PDOK when configured', () => {
    expect(createAddressLookup(loadConfig({}).addressLookup).name).toBe('offline');
    expect(createAddressLookup(loadConfig({ ADDRESS_LOOKUP: 'pdok' }).addressLookup).name).toBe('pdok');
  });
});

describe('choosing the certificate authority', () => {
  it('takes the simulated authority by default, issuing after 60 s without failures', () => {
    const config = loadConfig({ DATA_DIR: ':memory:' });
    expect(config.certificates).toEqual({ adapter: 'simulated', issueSeconds: 60, failureRate: 0 });
    expect(createCertificates(config.certificates, database.db).name).toBe('simulated');
  });

  it('reads the validation delay and failure share, and refuses what is out of range', () => {
    const config = loadConfig({ CERTIFICATE_SIMULATED_ISSUE_SECONDS: '0', CERTIFICATE_SIMULATED_FAILURE_RATE: '0.25' });
    expect(config.certificates).toEqual({ adapter: 'simulated', issueSeconds: 0, failureRate: 0.25 });
    expect(() => loadConfig({ CERTIFICATE_ADAPTER: 'sectigo' })).toThrow(/CERTIFICATE_ADAPTER/);
    expect(() => loadConfig({ CERTIFICATE_SIMULATED_ISSUE_SECONDS: '-1' })).toThrow(/CERTIFICATE_SIMULATED_ISSUE_SECONDS/);
    expect(() => loadConfig({ CERTIFICATE_SIMULATED_FAILURE_RATE: '2' })).toThrow(/CERTIFICATE_SIMULATED_FAILURE_RATE/);
  });
});

describe('choosing the Cloudflare and VPS adapters', () => {
  it('uses the simulated account and platform by default, and the real APIs when configured', () => {
    expect(createCloudflare(loadConfig({}).cloudflare, database.db).name).toBe('simulated');
    expect(createCloudflare(loadConfig({ CLOUDFLARE_ADAPTER: 'api', CLOUDFLARE_API_TOKEN: 't', CLOUDFLARE_ACCOUNT_ID: 'a' }).cloudflare, database.db).name).toBe('api');
    expect(createVps(loadConfig({}).vps, database.db).name).toBe('simulated');
    const proxmox = { VPS_ADAPTER: 'proxmox', PROXMOX_API_URL: 'https://pve.example.nl:8006', PROXMOX_TOKEN_ID: 'kavel@pve!shop', PROXMOX_TOKEN_SECRET: 's', PROXMOX_NODE: 'pve1', PROXMOX_TEMPLATE_VMID: '9000' };
    expect(createVps(loadConfig(proxmox).vps, database.db).name).toBe('proxmox');
  });
});
