import { z } from 'zod';
import { ZCustomerData, ZCustomerDataForm } from '../schemas/customer-data.ts';
import { contract } from './contract.ts';

/**
 * The order app's customer data (spec 001 section 7): the logged-in customer's ten address
 * fields, their change (400 with `fieldErrors` and `formErrors`), and whether they are complete
 * enough to order.
 */
export const customerDataContracts = {
  customerData: contract({ method: 'GET', path: '/api/bestellen/klantgegevens', response: ZCustomerData }),
  updateCustomerData: contract({ method: 'POST', path: '/api/bestellen/klantgegevens', body: ZCustomerDataForm, response: ZCustomerData }),
  customerDataComplete: contract({ method: 'GET', path: '/api/bestellen/alle-gegevens-ingevuld', response: z.boolean() }),
};
