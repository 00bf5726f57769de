import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { dnsZoneRevisions, dnsZones, domainDnsRecords, domainExtensions, domains } from '../src/db/schema/index.ts';
import { createDnsService, zoneFor } from '../src/features/dns/dns-service.ts';
import { DEFAULT_DNS_ZONE } from '../src/features/dns/default-dns-zone.ts';
import type { JobQueue } from '../src/jobs/job-queue.ts';
import { databaseKinds, queryCounter } from './support/index.ts';

describe.each(databaseKinds)('DNS zone data on $name', (kind) => {
  let database: DatabaseHandle;
  const counter = queryCounter();
  beforeAll(async () => {
    database = await kind.open({ onQuery: counter.onQuery });
  });
  afterAll(async () => {
    await database?.close();
  });

  async function newDomain(name: string): Promise<number> {
    const [row] = await database.db.insert(domains).values({ name, extension: name.split('.').slice(1).join('.') }).returning({ id: domains.id });
    return row!.id;
  }

  it("gives a domain's zone its row with the page's flags when its records are written, records with ids and TTLs", async () => {
    const domainId = await newDomain('zonedata.nl');
    const requested: Array<{ name: string; data: object; singletonKey?: string }> = [];
    const jobs: JobQueue = { enqueue: async (name, data, options) => (requested.push({ name, data, singletonKey: options.singletonKey }), 'job') };
    const dns = createDnsService(database.db, { jobs });
    await database.db.transaction((tx) => dns.writeZone(tx, domainId, zoneFor('zonedata.nl', DEFAULT_DNS_ZONE)));
    const [zone] = await database.db.select().from(dnsZones).where(eq(dnsZones.domainId, domainId));
    expect(zone).toMatchObject({ manageable: true, activeDnsServer: true, privacyEnabled: false, revision: 1, publishedRevision: 0, publishedAt: null });
    const records = await database.db.select().from(domainDnsRecords).where(eq(domainDnsRecords.domainId, domainId));
    expect(records.map((r) => r.id).every((id) => Number.isInteger(id) && id > 0)).toBe(true);
    expect(new Set(records.map((r) => r.id)).size).toBe(records.length);
    expect(records.every((r) => r.ttl === 3600 && r.name !== '')).toBe(true);
    expect(requested).toEqual([{ name: 'publish-dns-zone', data: { domainId, domain: 'zonedata.nl' }, singletonKey: `zone-${domainId}` }]);

    // A second write is revision 2, with what it changed in the history; one zone row still.
    const changed = zoneFor('zonedata.nl', DEFAULT_DNS_ZONE).map((r) => (r.type === 'A' ? { ...r, value: '203.0.113.99' } : r));
    await database.db.transaction((tx) => dns.writeZone(tx, domainId, changed, { action: 'update', customerId: null }));
    expect(await database.db.select().from(dnsZones).where(eq(dnsZones.domainId, domainId))).toMatchObject([{ revision: 2, publishedRevision: 0 }]);
    const history = await database.db.select().from(dnsZoneRevisions).where(eq(dnsZoneRevisions.domainId, domainId)).orderBy(dnsZoneRevisions.revision);
    expect(history.map((h) => [h.revision, h.action])).toEqual([
      [1, 'create'],
      [2, 'update'],
    ]);
    expect(history[1]!.changes).toEqual({
      added: [{ name: '@', type: 'A', value: '203.0.113.99', priority: null, ttl: 3600 }],
      removed: [{ name: '@', type: 'A', value: '203.0.113.10', priority: null, ttl: 3600 }],
    });
    expect(history[1]!.records).toEqual(changed);
    expect(requested).toHaveLength(2);

    // A change that fails leaves neither records, revision nor job behind.
    await expect(
      database.db.transaction(async (tx) => {
        await dns.clearZone(tx, domainId);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await database.db.select().from(domainDnsRecords).where(eq(domainDnsRecords.domainId, domainId))).toHaveLength(changed.length);
    expect(await database.db.select().from(dnsZones).where(eq(dnsZones.domainId, domainId))).toMatchObject([{ revision: 2 }]);
  });

  it('keeps record ids stable: unchanged records keep theirs, an edit by id keeps its row, only new records get new ids', async () => {
    const domainId = await newDomain('vaste-ids.nl');
    const dns = createDnsService(database.db, { jobs: { enqueue: async () => 'job' } });
    await database.db.transaction((tx) => dns.writeZone(tx, domainId, zoneFor('vaste-ids.nl', DEFAULT_DNS_ZONE)));
    const rows = () => database.db.select().from(domainDnsRecords).where(eq(domainDnsRecords.domainId, domainId)).orderBy(domainDnsRecords.id);
    const first = await rows();
    const [apexA, , www] = first;

    // The whole zone written again without ids, with one record changed (by id) and one added.
    const next = first.map(({ id, domainId: _d, ...record }) => (id === www!.id ? { ...record, id, value: 'vaste-ids.nl.', ttl: 300 } : record));
    await database.db.transaction((tx) => dns.writeZone(tx, domainId, [...next.filter((r) => r.type !== 'TXT'), { name: 'shop', type: 'A', value: '203.0.113.5', priority: null, ttl: 3600 }]));
    const second = await rows();
    const txt = first.find((r) => r.type === 'TXT')!;
    expect(second.map((r) => r.id)).toEqual([...first.filter((r) => r.id !== txt.id).map((r) => r.id), expect.any(Number)]);
    expect(second.find((r) => r.id === www!.id)).toMatchObject({ name: 'www', type: 'CNAME', value: 'vaste-ids.nl.', ttl: 300 });
    expect(second.find((r) => r.id === apexA!.id)).toMatchObject({ name: '@', type: 'A', value: '203.0.113.10' });
    expect(second.at(-1)!.id).toBeGreaterThan(Math.max(...first.map((r) => r.id)));
  });

  it("writes a new zone without reading records it cannot hold yet, or the domain's name apart", async () => {
    const domainId = await newDomain('nieuwe-zone.nl');
    const requested: object[] = [];
    const dns = createDnsService(database.db, { jobs: { enqueue: async (_name, data) => (requested.push(data), 'job') } });
    const records = zoneFor('nieuwe-zone.nl', DEFAULT_DNS_ZONE);
    const statements = await counter.during(() => database.db.transaction((tx) => dns.writeZone(tx, domainId, records)));
    // BEGIN, the zone row, its records, the history, COMMIT (the job queue here is in memory).
    expect(statements.filter((statement) => !/^(begin|commit)/i.test(statement.trim()))).toHaveLength(3);
    expect(statements.some((statement) => /from "domain_dns_records"/.test(statement))).toBe(false);
    expect(requested).toEqual([{ domainId, domain: 'nieuwe-zone.nl' }]);
    expect(await database.db.select().from(domainDnsRecords).where(eq(domainDnsRecords.domainId, domainId))).toHaveLength(records.length);
    const [history] = await database.db.select().from(dnsZoneRevisions).where(eq(dnsZoneRevisions.domainId, domainId));
    expect(history).toMatchObject({ revision: 1, changes: { added: records, removed: [] }, records });
  });

  it('compares a zone that got its row without a revision (as the zones migration left them) with the records it held', async () => {
    const domainId = await newDomain('van-voor-revisies.nl');
    const [kept, dropped] = zoneFor('van-voor-revisies.nl', DEFAULT_DNS_ZONE);
    const held = await database.db.insert(domainDnsRecords).values([kept!, dropped!].map((record) => ({ ...record, domainId }))).returning({ id: domainDnsRecords.id });
    await database.db.insert(dnsZones).values({ domainId });
    const added = { name: 'shop', type: 'A' as const, value: '203.0.113.7', priority: null, ttl: 3600 };
    const dns = createDnsService(database.db, { jobs: { enqueue: async () => 'job' } });
    await database.db.transaction((tx) => dns.writeZone(tx, domainId, [kept!, added], { action: 'update' }));
    const rows = await database.db.select().from(domainDnsRecords).where(eq(domainDnsRecords.domainId, domainId)).orderBy(domainDnsRecords.id);
    expect(rows.map(({ name, type, value }) => ({ name, type, value }))).toEqual([
      { name: kept!.name, type: kept!.type, value: kept!.value },
      { name: 'shop', type: 'A', value: '203.0.113.7' },
    ]);
    expect(rows[0]!.id).toBe(held[0]!.id);
    const [history] = await database.db.select().from(dnsZoneRevisions).where(eq(dnsZoneRevisions.domainId, domainId));
    expect(history).toMatchObject({ revision: 1, changes: { added: [added], removed: [dropped] } });
  });

  it('keeps one history row per revision of a zone, and drops the history with the domain', async () => {
    const domainId = await newDomain('historie.nl');
    const records = zoneFor('historie.nl', DEFAULT_DNS_ZONE);
    const revision = { domainId, revision: 1, action: 'create', changes: { added: records, removed: [] }, records };
    await database.db.insert(dnsZoneRevisions).values(revision);
    await expect(database.db.insert(dnsZoneRevisions).values(revision)).rejects.toThrow();
    const [stored] = await database.db.select().from(dnsZoneRevisions).where(eq(dnsZoneRevisions.domainId, domainId));
    expect(stored).toMatchObject({ revision: 1, customerId: null, action: 'create', records });
    await database.db.delete(domains).where(eq(domains.id, domainId));
    expect(await database.db.select().from(dnsZoneRevisions).where(eq(dnsZoneRevisions.domainId, domainId))).toEqual([]);
  });

  it('knows per extension whether privacy protection is supported', async () => {
    const rows = await database.db.select({ extension: domainExtensions.extension, privacySupported: domainExtensions.privacySupported }).from(domainExtensions);
    const supported = new Map(rows.map((row) => [row.extension, row.privacySupported]));
    expect(supported.get('com')).toBe(true);
    expect(supported.get('nl')).toBe(false);
  });
});
