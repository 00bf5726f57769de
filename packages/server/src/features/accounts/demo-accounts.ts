import type { TDnsRecord, TWhoisHolderFormInput } from '@kavel/core';
import { ZWhoisHolderForm } from '@kavel/core';
import type { Database } from '../../db/connect.ts';
import { DEFAULT_DNS_ZONE } from '../dns/default-dns-zone.ts';
import { zoneFor, type DnsService } from '../dns/dns-service.ts';
import type { DomainService } from '../domains/domain-service.ts';
import type { WhoisService } from '../whois/whois-service.ts';
import { accountRepository, type NewCustomer } from './account-repository.ts';
import { hashPassword } from './password-hashing.ts';

/** Shared by the three demo accounts (21 characters, within the 14 to 40 rule). */
export const DEMO_PASSWORD = 'kavel-demo-wachtwoord';

export interface DemoAccount {
  email: string;
  role: 'customer' | 'reseller' | 'sub-user';
  description: string;
}

const BAKERY_ADDRESS = { street: 'Prinsengracht', streetNumber: '263', streetNumberAddition: '', postCode: '1016 GV', city: 'Amsterdam', countryId: 154 };

type DemoCustomer = Omit<NewCustomer, 'passwordHash' | 'parentCustomerId'> & { role: DemoAccount['role']; description: string; parent?: string };

const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    role: 'customer',
    description: 'customer Bakkerij De Gouden Korst, Amsterdam, with goudenkorst.nl and goudenkorst-webshop.com, two DNS profiles and two domain holders',
    email: 'klant@demo.kavel.nl',
    isCompany: true,
    companyName: 'Bakkerij De Gouden Korst',
    gender: 'F',
    firstName: 'Femke',
    lastName: 'de Vries',
    phoneNumber: '+31 20 123 4567',
    ...BAKERY_ADDRESS,
  },
  {
    role: 'reseller',
    description: 'reseller, staffel 2, with oudegracht-design.nl, whose DNS its former host still serves',
    email: 'reseller@demo.kavel.nl',
    isCompany: true,
    companyName: 'Webbureau Grachtengordel',
    gender: 'M',
    firstName: 'Joost',
    lastName: 'Bakker',
    phoneNumber: '+31 30 765 4321',
    street: 'Oudegracht',
    streetNumber: '120',
    streetNumberAddition: 'bis',
    postCode: '3511 AW',
    city: 'Utrecht',
    countryId: 154,
    isReseller: true,
    staffel: 2,
  },
  {
    role: 'sub-user',
    description: 'sub-user of klant@demo.kavel.nl, may log in but not order',
    email: 'medewerker@demo.kavel.nl',
    isCompany: true,
    companyName: 'Bakkerij De Gouden Korst',
    gender: 'M',
    firstName: 'Sem',
    lastName: 'Jansen',
    phoneNumber: '+31 20 123 4568',
    ...BAKERY_ADDRESS,
    isSubUser: true,
    parent: 'klant@demo.kavel.nl',
  },
];

/**
 * The bakery's domains, registered years ago (month and day of the registration) and renewed
 * every year since. The bakery's website is not live yet: `goudenkorst.nl` has the default zone
 * without its `www`, which the DNS walk-through adds (`www A`) as the baker would. The reseller
 * moved `oudegracht-design.nl` in without its DNS: the former host's name servers still serve it.
 */
const DEMO_DOMAINS = [
  { name: 'goudenkorst.nl', owner: 'klant@demo.kavel.nl', registered: { year: 2014, month: 4, day: 12 }, website: false },
  { name: 'goudenkorst-webshop.com', owner: 'klant@demo.kavel.nl', registered: { year: 2019, month: 9, day: 3 }, website: true },
  { name: 'oudegracht-design.nl', owner: 'reseller@demo.kavel.nl', registered: { year: 2016, month: 2, day: 18 }, website: true, dnsElsewhere: true },
];

/** The registration's anniversary that comes next: the expiry date of a domain renewed yearly. */
export function nextAnniversary(registered: { year: number; month: number; day: number }, now: Date): Date {
  for (let year = Math.max(registered.year + 1, now.getUTCFullYear()); ; year++) {
    const date = new Date(Date.UTC(year, registered.month - 1, registered.day, 12));
    if (date > now) return date;
  }
}

/** The bakery's DNS profiles: the shop's own servers, and mail at Google Workspace. */
const DEMO_DNS_PROFILES: Array<{ name: string; records: TDnsRecord[] }> = [
  {
    name: 'Standaard Kavel',
    records: [
      { name: '@', type: 'A', value: '203.0.113.10' },
      { name: '@', type: 'AAAA', value: '2001:db8::10' },
      { name: 'www', type: 'CNAME', value: '[DOMAINNAME].' },
      { name: '', type: 'MX', value: 'mail.[DOMAINNAME].', priority: 10 },
      { name: 'mail', type: 'A', value: '203.0.113.25' },
      { name: '@', type: 'TXT', value: 'v=spf1 a mx ~all' },
    ],
  },
  {
    name: 'Google Workspace',
    records: [
      { name: '@', type: 'A', value: '203.0.113.10' },
      { name: 'www', type: 'CNAME', value: '[DOMAINNAME].' },
      { name: '', type: 'MX', value: 'aspmx.l.google.com.', priority: 1 },
      { name: '', type: 'MX', value: 'alt1.aspmx.l.google.com.', priority: 5 },
      { name: '', type: 'MX', value: 'alt2.aspmx.l.google.com.', priority: 5 },
      { name: '', type: 'MX', value: 'alt3.aspmx.l.google.com.', priority: 10 },
      { name: '', type: 'MX', value: 'alt4.aspmx.l.google.com.', priority: 10 },
      { name: '@', type: 'TXT', value: 'v=spf1 include:_spf.google.com ~all' },
    ],
  },
];

/** Two holders besides the standard one: the bakery's webshop company, and the owner privately. */
const DEMO_HOLDERS: TWhoisHolderFormInput[] = [
  {
    label: 'Webshop De Gouden Korst B.V.',
    isCompany: true,
    company: 'De Gouden Korst Webshop B.V.',
    vat: 'NL861234567B01',
    gender: 'F',
    forename: 'Femke',
    surname: 'de Vries',
    street: 'Prinsengracht',
    houseNumber: '263',
    postcode: '1016 GV',
    city: 'Amsterdam',
    country: 'NL',
    phone: '+31 20 123 4569',
    email: 'webshop@goudenkorst.example',
  },
  {
    isCompany: false,
    gender: 'F',
    forename: 'Femke',
    surname: 'de Vries',
    street: 'Lindengracht',
    houseNumber: '88',
    houseNumberAdd: '2',
    postcode: '1015 KJ',
    city: 'Amsterdam',
    phone: '+31 6 1234 5678',
    email: 'femke.devries@example.nl',
  },
];

/** Every address of the demo accounts and their holders, once: the offline address lookup knows each. */
export const DEMO_ADDRESSES = [
  ...DEMO_CUSTOMERS.map(({ street, streetNumber, postCode, city }) => [street, streetNumber, postCode, city]),
  ...DEMO_HOLDERS.map(({ street, houseNumber, postcode, city }) => [street, houseNumber, postcode, city]),
]
  .map(([street, houseNumber, postcode, city]) => ({ street: street ?? '', houseNumber: houseNumber ?? '', postcode: postcode ?? '', city: city ?? '' }))
  .filter((address, index, all) => all.findIndex((other) => other.postcode === address.postcode && other.houseNumber === address.houseNumber) === index);

export interface DemoAccountDeps {
  db: Database;
  domains: Pick<DomainService, 'addDomain' | 'findOwned'>;
  dns: Pick<DnsService, 'listProfiles' | 'createProfile' | 'writeZone' | 'servedElsewhere'>;
  whois: Pick<WhoisService, 'customLabels' | 'create'>;
  now?: () => Date;
}

/**
 * Whether every demo account exists (one query). A start that finds them can serve before
 * `ensureDemoAccounts` has restored what a visitor of the demo removed (a profile, a holder); a
 * start without them must not, or a demo login would fail.
 */
export async function demoAccountsExist(db: Database): Promise<boolean> {
  const emails = DEMO_CUSTOMERS.map((customer) => customer.email);
  return (await accountRepository.countByEmails(db, emails)) === emails.length;
}

/**
 * Makes sure the demo accounts exist (active, password `DEMO_PASSWORD`) with the customer's two
 * domains (each with the default zone), two DNS profiles and two domain holders, and the customer
 * approved for ordering on account. Idempotent: an account, domain or profile
 * that is already there is left as it is; holders are added only to a customer who has none.
 */
export async function ensureDemoAccounts(deps: DemoAccountDeps): Promise<DemoAccount[]> {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const ids = new Map<string, number>();
  for (const { role: _role, description: _description, parent, ...customer } of DEMO_CUSTOMERS) {
    const existing = await accountRepository.findByEmail(db, customer.email);
    if (existing) {
      ids.set(customer.email, existing.id);
      continue;
    }
    const parentCustomerId = parent ? ids.get(parent) : undefined;
    const id = await accountRepository.insertIfNew(db, {
      ...customer,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      state: 'active',
      activatedAt: now(),
      passwordChangedAt: now(),
      parentCustomerId: parentCustomerId ?? null,
    });
    const row = id === null ? await accountRepository.findByEmail(db, customer.email) : null;
    ids.set(customer.email, id ?? row!.id);
  }
  for (const domain of DEMO_DOMAINS) {
    const { year, month, day } = domain.registered;
    const dates = { createdAt: new Date(Date.UTC(year, month - 1, day, 12)), expiresAt: nextAnniversary(domain.registered, now()) };
    const owner = ids.get(domain.owner)!;
    if (!(await deps.domains.addDomain(domain.name, owner, dates))) continue;
    // A new demo domain gets the default zone, as a domain from an order does.
    const added = await deps.domains.findOwned(owner, domain.name);
    const zone = zoneFor(domain.name, DEFAULT_DNS_ZONE).filter((record) => domain.website || record.name !== 'www');
    if (added) await db.transaction((tx) => ('dnsElsewhere' in domain ? deps.dns.servedElsewhere(tx, added.id) : deps.dns.writeZone(tx, added.id, zone)).then(() => undefined));
  }
  const bakery = ids.get('klant@demo.kavel.nl')!;
  // A customer of years: staff approved the bakery for ordering on account (the reseller is by contract).
  await accountRepository.approveOnAccount(db, bakery, now());
  const profiles = new Set((await deps.dns.listProfiles(bakery)).map((profile) => profile.name));
  for (const profile of DEMO_DNS_PROFILES) if (!profiles.has(profile.name)) await deps.dns.createProfile(bakery, profile.name, profile.records);
  if ((await deps.whois.customLabels(bakery)).length === 0) {
    for (const holder of DEMO_HOLDERS) await deps.whois.create(bakery, ZWhoisHolderForm.parse(holder), 'nl');
  }
  return DEMO_CUSTOMERS.map(({ email, role, description }) => ({ email, role, description }));
}
