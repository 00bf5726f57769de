import { describe, expect, it } from 'vitest';
import type { TCustomerDomain, THostingAccount, THostingPackage } from '@kavel/core';
import { packagesFor, readAccountId, readHostingChoiceQuery, resolveHostingChoice } from './hosting-choice-target.ts';

const domain = (name: string, hasHosting: boolean): TCustomerDomain => ({
  id: name.length,
  name,
  status: 'active',
  registeredAt: '2025-01-01',
  expiresAt: null,
  hasHosting,
  redirectTo: null,
  sslStatus: null,
  sslCertificateId: null,
  cloudflarePlan: null,
  dnsRecordCount: 0,
});

const account = (id: number, domainName: string, status: THostingAccount['status'] = 'active'): THostingAccount => ({
  id,
  domain: domainName,
  productId: 2002,
  productCode: 'HOSTING_BASIC',
  productName: 'Basic webhosting',
  status,
  username: 'user',
  cmsInstall: null,
  extras: [],
  createdAt: '2025-01-01',
});

const params = (query: string) => new URLSearchParams(query);

describe('the hosting packages page query', () => {
  it('reads ?id as an upgrade, ?domein as hosting for a domain, and id wins', () => {
    expect(readHostingChoiceQuery(params('id=12'))).toEqual({ mode: 'upgrade', id: 12 });
    expect(readHostingChoiceQuery(params('domein=%20GoudenKorst.nl'))).toEqual({ mode: 'add', domain: 'goudenkorst.nl' });
    expect(readHostingChoiceQuery(params('domein=a.nl&id=3'))).toEqual({ mode: 'upgrade', id: 3 });
    expect(readHostingChoiceQuery(params(''))).toEqual({ mode: 'none' });
    expect(readHostingChoiceQuery(params('domein='))).toEqual({ mode: 'none' });
  });

  it('takes only a plain positive number as an id', () => {
    for (const bad of ['id=', 'id=abc', 'id=1e3', 'id=-4', 'id=0', 'id=12.5', 'id=1234567890']) expect(readAccountId(params(bad)), bad).toBeNull();
    expect(readAccountId(params('id=%207'))).toBe(7);
  });
});

describe('what the hosting packages page shows', () => {
  const domains = [domain('goudenkorst.nl', false), domain('mijnbakkerij.nl', true)];
  const accounts = [account(4, 'mijnbakkerij.nl'), account(5, 'oud.nl', 'cancelled')];

  it('offers hosting for an own domain without hosting, and points to the package of one that has it', () => {
    expect(resolveHostingChoice({ mode: 'add', domain: 'goudenkorst.nl' }, domains, accounts)).toEqual({ state: 'add', domain: 'goudenkorst.nl' });
    expect(resolveHostingChoice({ mode: 'add', domain: 'mijnbakkerij.nl' }, domains, accounts)).toEqual({ state: 'hasHosting', domain: 'mijnbakkerij.nl', account: accounts[0] });
  });

  it('names an unknown domain or package, a cancelled package and a missing query', () => {
    expect(resolveHostingChoice({ mode: 'add', domain: 'iemandanders.nl' }, domains, accounts)).toEqual({ state: 'unknownDomain', domain: 'iemandanders.nl' });
    expect(resolveHostingChoice({ mode: 'upgrade', id: 99 }, domains, accounts)).toEqual({ state: 'unknownPackage' });
    expect(resolveHostingChoice({ mode: 'upgrade', id: null }, domains, accounts)).toEqual({ state: 'unknownPackage' });
    expect(resolveHostingChoice({ mode: 'upgrade', id: 5 }, domains, accounts)).toEqual({ state: 'cancelled', account: accounts[1] });
    expect(resolveHostingChoice({ mode: 'none' }, domains, accounts)).toEqual({ state: 'missing' });
  });

  it('upgrades an own active package', () => {
    expect(resolveHostingChoice({ mode: 'upgrade', id: 4 }, domains, accounts)).toEqual({ state: 'upgrade', account: accounts[0] });
  });
});

describe('the packages on offer', () => {
  const pkg = (productCode: string, reseller: boolean, productId = 0) => ({ productCode, reseller, productId }) as THostingPackage;
  const all = [pkg('HOSTING_INTRO', false, 1), pkg('HOSTING_BASIC', false, 2), pkg('RESELLER_INTRO', true, 3), pkg('RESELLER_BASIC', true, 4)];
  const codes = (packages: readonly THostingPackage[]) => packages.map((p) => p.productCode);

  it('are the customer packages for a customer, and the reseller packages as well for a reseller, in catalogue order', () => {
    expect(codes(packagesFor(all, false))).toEqual(['HOSTING_INTRO', 'HOSTING_BASIC']);
    expect(codes(packagesFor(all, true))).toEqual(['HOSTING_INTRO', 'HOSTING_BASIC', 'RESELLER_INTRO', 'RESELLER_BASIC']);
  });

  it("offer a change of package within the current package's kind", () => {
    expect(codes(packagesFor(all, true, 2))).toEqual(['HOSTING_INTRO', 'HOSTING_BASIC']);
    expect(codes(packagesFor(all, true, 3))).toEqual(['RESELLER_INTRO', 'RESELLER_BASIC']);
    expect(codes(packagesFor(all, false, 2))).toEqual(['HOSTING_INTRO', 'HOSTING_BASIC']);
  });
});
