import { z } from 'zod';
import { ZCustomerSummary, type TCustomerSummary } from './session.ts';
import { DEFAULT_COUNTRY_ID, EVEN_WHEN_A_FIELD_FAILED, formatDutchPostcode, isDutchPostcode, optionalText, requiredText, ZCountryId, ZHouseNumber, ZPhoneNumber } from './fields.ts';

/** The maximum length of a house number's addition (spec 001 section 9). */
export const STREET_NUMBER_ADDITION_LENGTH = 10;

/** Spec 001 section 3's customer data of the order app: the ten fields its form shows. */
export const ZCustomerData = ZCustomerSummary.pick({
  companyName: true,
  firstName: true,
  lastName: true,
  street: true,
  streetNumber: true,
  streetNumberAddition: true,
  postCode: true,
  city: true,
  countryId: true,
  phoneNumber: true,
});
export type TCustomerData = z.infer<typeof ZCustomerData>;

/**
 * `POST /api/bestellen/klantgegevens` (spec 001 section 5's customer-data form): first and last
 * name, phone, postcode, a numeric house number, country, street and city required; the company
 * name optional; the addition at most 10 characters. A Dutch postcode is written `1234 AB`.
 */
export const ZCustomerDataForm = z
  .object({
    companyName: optionalText(100),
    firstName: requiredText(60),
    lastName: requiredText(80),
    street: requiredText(100),
    streetNumber: ZHouseNumber,
    streetNumberAddition: optionalText(STREET_NUMBER_ADDITION_LENGTH),
    postCode: requiredText(12),
    city: requiredText(80),
    countryId: ZCountryId,
    phoneNumber: ZPhoneNumber,
  })
  // Also when another field failed: one answer carries every fault of the form.
  .superRefine(
    (form, ctx) => {
      const postCode = typeof form.postCode === 'string' ? form.postCode.trim() : '';
      if (form.countryId === DEFAULT_COUNTRY_ID && postCode && !isDutchPostcode(postCode)) ctx.addIssue({ code: 'custom', path: ['postCode'], message: 'postcode' });
    },
    EVEN_WHEN_A_FIELD_FAILED,
  )
  .transform((form) => (form.countryId === DEFAULT_COUNTRY_ID ? { ...form, postCode: formatDutchPostcode(form.postCode) } : form));
export type TCustomerDataForm = z.input<typeof ZCustomerDataForm>;

/** The customer-data fields of an empty form (the registration form adds its own). */
export const EMPTY_CUSTOMER_DATA_FORM: TCustomerDataForm = {
  companyName: '',
  firstName: '',
  lastName: '',
  street: '',
  streetNumber: '',
  streetNumberAddition: '',
  postCode: '',
  city: '',
  countryId: DEFAULT_COUNTRY_ID,
  phoneNumber: '',
};

/**
 * Whether the customer's own data is enough to order and to register a domain in their name (the
 * standard holder): `GET /api/bestellen/alle-gegevens-ingevuld`, and checkout's holder check.
 */
export function isCustomerDataComplete(customer: Pick<TCustomerSummary, 'isCompany' | 'companyName' | 'firstName' | 'lastName' | 'street' | 'streetNumber' | 'postCode' | 'city' | 'phoneNumber' | 'email' | 'countryId'>): boolean {
  const required = [customer.firstName, customer.lastName, customer.street, customer.streetNumber, customer.postCode, customer.city, customer.phoneNumber, customer.email];
  if (customer.isCompany) required.push(customer.companyName);
  return customer.countryId > 0 && required.every((value) => value.trim() !== '');
}
