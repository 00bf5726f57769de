import { ZBasket, type TBasket } from '@kavel/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../../src/db/connect.ts';
import { customers } from '../../src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../../src/features/accounts/demo-accounts.ts';
import type { Services } from '../../src/services.ts';
import basketProducts from '../../src/features/catalogue/data/basket-products.json' with { type: 'json' };
import extensions from '../../src/features/catalogue/data/extensions.json' with { type: 'json' };
import extraServices from '../../src/features/catalogue/data/extra-services.json' with { type: 'json' };
import freeInstalls from '../../src/features/catalogue/data/free-installs.json' with { type: 'json' };
import hostingPackages from '../../src/features/catalogue/data/hosting-packages.json' with { type: 'json' };
import orderProducts from '../../src/features/catalogue/data/order-products.json' with { type: 'json' };
import { TestClient } from './http-client.ts';
import { createRecordingMailer } from './recording-mailer.ts';
import { createTestServices } from './test-app.ts';

const find = <T extends { productCode: string }>(list: T[], code: string): T => {
  const found = list.find((product) => product.productCode === code);
  if (!found) throw new Error(`no product ${code} in the catalogue data`);
  return found;
};

/** Catalogue products the step 2 tests use, straight from the data files. */
export const products = {
  nl: find(extensions, 'DOMAIN_NL'),
  com: find(extensions, 'DOMAIN_COM'),
  intro: find(hostingPackages, 'HOSTING_INTRO'),
  basic: find(hostingPackages, 'HOSTING_BASIC'),
  premium: find(hostingPackages, 'HOSTING_PREMIUM'),
  resellerBasic: find(hostingPackages, 'RESELLER_BASIC'),
  spamfilter: find(extraServices, 'PREMIUM_SPAMFILTER'),
  ssl: find(extraServices, 'SSL_DV'),
  wordpress: find(freeInstalls, 'CMS_WORDPRESS'),
  joomla: find(freeInstalls, 'CMS_JOOMLA'),
  redirect: find(basketProducts, 'REDIRECT'),
  transferCode: find(basketProducts, 'TRANSFER_CODE'),
  rapidSsl: find(orderProducts, 'SSL_RAPIDSSL'),
  businessSsl: find(orderProducts, 'SSL_GEOTRUST_BUSINESS'),
  multiDomainSsl: find(orderProducts, 'SSL_MULTIDOMAIN'),
  cloudflarePro: find(orderProducts, 'CLOUDFLARE_PRO'),
  cloudflareBusiness: find(orderProducts, 'CLOUDFLARE_BUSINESS'),
  vpsS: find(orderProducts, 'VPS_S'),
  vpsM: find(orderProducts, 'VPS_M'),
};

type Product = { productId: number; productCode: string };

export const basketFrom = (response: LightMyRequestResponse): TBasket => {
  if (response.statusCode !== 200) throw new Error(`expected a basket, got ${response.statusCode}: ${response.body}`);
  return ZBasket.parse(response.json());
};

const api = '/api/bestelprocedure';

/** The basket calls of the order page, as the front end makes them. */
export const basketCalls = (client: TestClient) => ({
  get: async () => basketFrom(await client.get(`${api}/getBasket`)),
  addDomain: (product: Product, title: string) => client.post(`${api}/addItem`, { productId: product.productId, productCode: product.productCode, title }),
  addChild: (parentId: string, product: Product, extra: Record<string, unknown> = {}) =>
    client.post(`${api}/addItem`, { productId: product.productId, productCode: product.productCode, parentId, ...extra }),
  call: (name: string, body: unknown = {}) => client.post(`${api}/${name}`, body),
  /** The domain item with this title, failing loudly when it is not there. */
  domain: async (title: string) => {
    const basket = basketFrom(await client.get(`${api}/getBasket`));
    const item = basket.items.find((candidate) => candidate.title === title);
    if (!item) throw new Error(`${title} is not in the basket`);
    return item;
  },
});

/** The services the demo accounts are seeded through. */
export function demoAccountDeps(db: Database): Promise<Services> {
  // A recording mailer rather than the default outbox folder: these services send nothing.
  return createTestServices(db, { mailer: createRecordingMailer() });
}

let ipCounter = 0;
/** A client with its own address, so that login escalation per address never interferes. */
export const freshClient = (app: FastifyInstance) => new TestClient(app, { remoteAddress: `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

/** A new client logged in as a demo account (run `ensureDemoAccounts` first). */
export async function loginAs(app: FastifyInstance, email: string): Promise<TestClient> {
  const client = freshClient(app);
  const response = await client.post('/api/login', { username: email, password: DEMO_PASSWORD });
  if (response.statusCode !== 200) throw new Error(`login as ${email} failed: ${response.body}`);
  return client;
}

export async function customerIdOf(db: Database, email: string): Promise<number> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.email, email));
  if (!row) throw new Error(`no customer ${email}`);
  return row.id;
}
