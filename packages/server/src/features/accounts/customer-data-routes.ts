import { contracts, isCustomerDataComplete, type TCustomerData, type TCustomerSummary } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect.ts';
import { route } from '../../http/contract-route.ts';
import { refusal } from '../../http/errors.ts';
import { requireCustomerId, requireLogin } from '../../http/require-customer.ts';
import { accountRepository, customerSummary } from './account-repository.ts';
import type { CustomerLookup } from './customer-lookup.ts';

const dataOf = (customer: TCustomerSummary): TCustomerData => ({
  companyName: customer.companyName,
  firstName: customer.firstName,
  lastName: customer.lastName,
  street: customer.street,
  streetNumber: customer.streetNumber,
  streetNumberAddition: customer.streetNumberAddition,
  postCode: customer.postCode,
  city: customer.city,
  countryId: customer.countryId,
  phoneNumber: customer.phoneNumber,
});

/**
 * The order app's customer data (spec 001 sections 2 and 7): what the 'Gegevens invullen' screen
 * shows and saves, and whether the entry may go on to the summary. Logged-in customers only; a
 * sub-user may see the data but not change it (it cannot order either).
 */
export function registerCustomerDataRoutes(app: FastifyInstance, deps: { db: Database; customer: CustomerLookup }): void {
  const options = { preValidation: requireLogin };
  const current = async (customerId: number, language: 'nl' | 'en') => {
    const customer = await deps.customer(customerId);
    if (!customer) throw refusal(language, 401, 'loginRequired');
    return customer;
  };

  route(app, contracts.customerData, options, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return dataOf(await current(requireCustomerId(request), request.session.language));
  });

  route(app, contracts.customerDataComplete, options, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return isCustomerDataComplete(await current(requireCustomerId(request), request.session.language));
  });

  route(app, contracts.updateCustomerData, options, async (request, reply) => {
    const customerId = requireCustomerId(request);
    const { language } = request.session;
    const form = request.body;
    const updated = await deps.db.transaction(async (tx) => {
      const row = await accountRepository.findById(tx, customerId, { lock: true });
      if (!row || row.state !== 'active') throw refusal(language, 401, 'loginRequired');
      if (row.isSubUser) throw refusal(language, 403, 'orderSubUser');
      // A company name makes the customer a company (its name on invoices and as the holder); none, a private person.
      const changes = { ...form, isCompany: form.companyName !== '' };
      await accountRepository.update(tx, customerId, changes);
      return customerSummary({ ...row, ...changes });
    });
    reply.header('cache-control', 'no-store');
    return dataOf(updated);
  });
}
