import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connect.ts';
import { createSimulatedProvisioning, usernameFor } from './simulated-provisioning.ts';
import type { HostingAccountRequest } from './provisioning-port.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: null });
});
afterAll(async () => {
  await database.close();
});

const request = (domain: string, clientRef: string, extra: Partial<HostingAccountRequest> = {}): HostingAccountRequest => ({
  clientRef,
  domain,
  packageCode: 'HOSTING_BASIC',
  cmsInstall: null,
  customerRef: 'customer-1',
  ...extra,
});

describe('simulated provisioning: accounts', () => {
  it('creates an account with a login derived from the domain', async () => {
    const port = createSimulatedProvisioning({ db: database.db, platform: randomUUID() });
    const answer = await port.createAccount(request('mijn-bakkerij.nl', 'order-1:a', { cmsInstall: 'CMS_WORDPRESS' }));
    expect(answer).toMatchObject({ ok: true, username: 'mijnbakkerij' });
    expect(await port.accounts()).toMatchObject([{ domain: 'mijn-bakkerij.nl', packageCode: 'HOSTING_BASIC', cmsInstall: 'CMS_WORDPRESS', extras: [] }]);
  });

  it('answers a repeated request with the first account and creates nothing more', async () => {
    const port = createSimulatedProvisioning({ db: database.db, platform: randomUUID() });
    const first = await port.createAccount(request('eenmaal.nl', 'order-1:a'));
    expect(await port.createAccount(request('eenmaal.nl', 'order-1:a'))).toEqual(first);
    expect(await port.accounts()).toHaveLength(1);
  });

  it('refuses a second account on a domain that has one', async () => {
    const port = createSimulatedProvisioning({ db: database.db, platform: randomUUID() });
    await port.createAccount(request('bezet.nl', 'order-1:a'));
    expect(await port.createAccount(request('bezet.nl', 'order-2:a'))).toMatchObject({ ok: false, reason: 'refused' });
  });

  it('gives every account its own login', async () => {
    const port = createSimulatedProvisioning({ db: database.db, platform: randomUUID() });
    const names = [];
    for (const [domain, ref] of [['bakker.nl', 'a'], ['bakker.be', 'b'], ['bakker.com', 'c']] as const) {
      const answer = await port.createAccount(request(domain, ref));
      if (answer.ok) names.push(answer.username);
    }
    expect(names).toEqual(['bakker', 'bakker2', 'bakker3']);
  });

  it('changes the package and adds and removes extras, each once', async () => {
    const port = createSimulatedProvisioning({ db: database.db, platform: randomUUID() });
    const created = await port.createAccount(request('pakket.nl', 'order-1:a'));
    if (!created.ok) throw new Error('not created');
    expect(await port.changePackage(created.providerRef, 'HOSTING_PREMIUM', 'order-2:a')).toEqual({ ok: true });
    expect(await port.addExtra(created.providerRef, 'SSL_DV', 'order-2:b')).toEqual({ ok: true });
    expect(await port.addExtra(created.providerRef, 'SSL_DV', 'order-2:b')).toEqual({ ok: true });
    expect((await port.accounts())[0]).toMatchObject({ packageCode: 'HOSTING_PREMIUM', extras: ['SSL_DV'] });
    expect(await port.removeExtra(created.providerRef, 'SSL_DV')).toEqual({ ok: true });
    expect((await port.accounts())[0]!.extras).toEqual([]);
  });

  it('deletes an account; the same request then creates a new one', async () => {
    const port = createSimulatedProvisioning({ db: database.db, platform: randomUUID() });
    const created = await port.createAccount(request('weg.nl', 'order-1:a'));
    if (!created.ok) throw new Error('not created');
    expect(await port.deleteAccount(created.providerRef)).toEqual({ ok: true });
    expect(await port.accounts()).toEqual([]);
    expect(await port.deleteAccount(created.providerRef)).toMatchObject({ ok: false, reason: 'unknown-account' });
    const again = await port.createAccount(request('weg.nl', 'order-1:a'));
    expect(again).toMatchObject({ ok: true });
    expect(again.ok && again.providerRef).not.toBe(created.providerRef);
  });

  it('answers unknown-account for an account it does not have', async () => {
    const port = createSimulatedProvisioning({ db: database.db, platform: randomUUID() });
    expect(await port.changePackage('sim-404', 'HOSTING_BASIC', 'x')).toMatchObject({ ok: false, reason: 'unknown-account' });
    expect(await port.addExtra('sim-404', 'SSL_DV', 'x')).toMatchObject({ ok: false, reason: 'unknown-account' });
    expect(await port.removeExtra('sim-404', 'SSL_DV')).toMatchObject({ ok: false, reason: 'unknown-account' });
  });
});

describe('simulated provisioning: one platform for every process', () => {
  it('shows a second instance on the same database (another process, a restart) the accounts of the first', async () => {
    const platform = randomUUID();
    const first = createSimulatedProvisioning({ db: database.db, platform });
    const created = await first.createAccount(request('gedeeld.nl', 'order-1:a'));
    if (!created.ok) throw new Error('not created');
    const second = createSimulatedProvisioning({ db: database.db, platform });
    expect(await second.createAccount(request('gedeeld.nl', 'order-1:a'))).toEqual(created);
    expect(await second.addExtra(created.providerRef, 'SSL_DV', 'order-2:a')).toEqual({ ok: true });
    expect(await first.accounts()).toMatchObject([{ domain: 'gedeeld.nl', extras: ['SSL_DV'] }]);
  });

  it('creates one account when two processes send the same request at once', async () => {
    const platform = randomUUID();
    const ports = [1, 2, 3].map(() => createSimulatedProvisioning({ db: database.db, platform }));
    const answers = await Promise.all(ports.map((port) => port.createAccount(request('tegelijk.nl', 'order-1:a'))));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(new Set(answers.map((answer) => answer.ok && answer.providerRef)).size).toBe(1);
    expect(await ports[0]!.accounts()).toHaveLength(1);
  });
});

describe('usernameFor', () => {
  it('uses letters and digits of the first label, starting with a letter, at most 12 long', () => {
    const none = () => false;
    expect(usernameFor('Mijn-Bakkerij.nl', none)).toBe('mijnbakkerij');
    expect(usernameFor('123inkt.nl', none)).toBe('k123inkt');
    expect(usernameFor('een-heel-lange-domeinnaam.nl', none)).toBe('eenheellange');
    expect(usernameFor('xn--bcker-gra.de', none)).toBe('xnbckergra');
  });

  it('numbers a login that is taken, within the length', () => {
    const taken = new Set(['eenheellange', 'eenheellang2']);
    expect(usernameFor('een-heel-lange-naam.nl', (name) => taken.has(name))).toBe('eenheellang3');
  });
});
