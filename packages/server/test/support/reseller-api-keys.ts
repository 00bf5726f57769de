import { contracts, ZApiKeyCreated, type TApiKeyScope } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../src/services.ts';
import { customerIdOf, loginAs } from './services.ts';

/** The demo reseller, who makes the API keys of the reseller API's tests. */
export const DEMO_RESELLER = 'reseller@demo.kavel.nl';

/**
 * An API key of the demo reseller with `scopes`, made the way a reseller makes one (logged in,
 * on the account's key page), with `domains` given to the reseller first.
 */
export async function resellerApiKey(
  app: FastifyInstance,
  services: Services,
  name: string,
  scopes: TApiKeyScope[],
  domains: string[] = [],
): Promise<{ key: string; resellerId: number }> {
  const reseller = await loginAs(app, DEMO_RESELLER);
  const resellerId = await customerIdOf(services.db, DEMO_RESELLER);
  for (const domain of domains) await services.domains.addDomain(domain, resellerId);
  const created = await reseller.post(contracts.createApiKey.path, { name, scopes });
  return { key: ZApiKeyCreated.parse(created.json()).secret, resellerId };
}
