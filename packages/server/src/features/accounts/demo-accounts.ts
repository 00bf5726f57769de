import type { Database } from '../../db/connect.ts';
import type { DomainService } from '../domains/domain-service.ts';
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
    description: 'customer Bakkerij De Gouden Korst, Amsterdam, with goudenkorst.nl and goudenkorst-webshop.com',
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
    description: 'reseller, staffel 2',
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
    postCode: '3511 AX',
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

const DEMO_DOMAINS = [{ name: 'goudenkorst.nl', owner: 'klant@demo.kavel.nl' }, { name: 'goudenkorst-webshop.com', owner: 'klant@demo.kavel.nl' }];

/**
 * Makes sure the demo accounts exist (active, password `DEMO_PASSWORD`) with the customer's two
 * domains. Idempotent: an account or domain that is already there is left as it is.
 */
export async function ensureDemoAccounts(deps: { db: Database; domains: Pick<DomainService, 'addDomain'>; now?: () => Date }): Promise<DemoAccount[]> {
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
  for (const domain of DEMO_DOMAINS) await deps.domains.addDomain(domain.name, ids.get(domain.owner)!);
  return DEMO_CUSTOMERS.map(({ email, role, description }) => ({ email, role, description }));
}
