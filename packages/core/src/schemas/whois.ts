import { z } from 'zod';
import { requiredSafeText } from './safe-text.ts';
import { formatDutchPostcode, isDutchPostcode, optionalText, requiredText, ZEmail, ZGender, ZHouseNumber, ZPhoneNumber } from './fields.ts';

/**
 * Domain holders (whois) of a logged-in customer (spec 000 sections 3 and 5, spec 001 sections 3,
 * 5 and 7). Error messages are keys of `texts/validation.ts`.
 */
export const DEFAULT_HOLDER_COUNTRY = 'NL';
export const HOUSE_NUMBER_ADDITION_MAX_LENGTH = 10;

/** An EU VAT number after spaces and dots are removed: country prefix, then 2 to 12 characters with digits among them. */
const VAT_NUMBER = /^[A-Z]{2}(?=[0-9A-Z+*]*\d)[0-9A-Z+*]{2,12}$/;

/**
 * The holder form. `isCompany` defaults to whether a company name was given; the company name is
 * required for a company, and the VAT number is kept for a company only. A Dutch postcode is
 * checked and written as `1234 AB`. `label` is optional: without it the label is made of the
 * company and the name.
 */
export const ZWhoisHolderForm = z
  .object({
    label: optionalText(100),
    isCompany: z.boolean().optional(),
    company: optionalText(100),
    gender: ZGender.default('M'),
    forename: requiredText(60),
    surname: requiredText(80),
    street: requiredText(100),
    houseNumber: ZHouseNumber,
    houseNumberAdd: optionalText(HOUSE_NUMBER_ADDITION_MAX_LENGTH),
    postcode: requiredText(12),
    city: requiredText(80),
    country: z
      .string({ error: 'country' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: 'country' })
      .default(DEFAULT_HOLDER_COUNTRY),
    phone: ZPhoneNumber,
    email: ZEmail,
    vat: optionalText(30).transform((vat) => vat.replace(/[\s.]/g, '').toUpperCase()),
  })
  .superRefine((form, ctx) => {
    const isCompany = form.isCompany ?? form.company !== '';
    if (isCompany && !form.company) ctx.addIssue({ code: 'custom', path: ['company'], message: 'required' });
    if (form.country === 'NL' && !isDutchPostcode(form.postcode)) ctx.addIssue({ code: 'custom', path: ['postcode'], message: 'postcode' });
    if (isCompany && form.vat && !VAT_NUMBER.test(form.vat)) ctx.addIssue({ code: 'custom', path: ['vat'], message: 'vat' });
  })
  .transform((form) => {
    const isCompany = form.isCompany ?? form.company !== '';
    const postcode = form.country === 'NL' ? formatDutchPostcode(form.postcode) : form.postcode;
    return { ...form, isCompany, company: isCompany ? form.company : '', vat: isCompany ? form.vat : '', postcode };
  });
/** What the form sends. */
export type TWhoisHolderFormInput = z.input<typeof ZWhoisHolderForm>;
/** The form as the server keeps it. */
export type TWhoisHolderForm = z.output<typeof ZWhoisHolderForm>;

/** `GET /api/account/whois/{id}`. */
export const ZWhoisHolder = z.object({
  id: z.number().int(),
  label: z.string(),
  isCompany: z.boolean(),
  company: z.string(),
  gender: ZGender,
  forename: z.string(),
  surname: z.string(),
  street: z.string(),
  houseNumber: z.string(),
  houseNumberAdd: z.string(),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
  phone: z.string(),
  email: z.string(),
  vat: z.string(),
});
export type TWhoisHolder = z.infer<typeof ZWhoisHolder>;

/** The standard holder: the customer's own account data (`GET /api/account/whois/standard`). */
export const ZStandardHolder = z.object({ label: z.string(), email: z.string(), phone: z.string() });
export type TStandardHolder = z.infer<typeof ZStandardHolder>;

/** `GET /api/account/whois`: the customer's own holders and the standard one. */
export const ZWhoisList = z.object({
  custom: z.array(z.object({ id: z.number().int(), label: z.string() })),
  standard: ZStandardHolder,
});
export type TWhoisList = z.infer<typeof ZWhoisList>;

/** Answer of a create call. */
export const ZCreatedId = z.object({ id: z.number().int() });
export type TCreatedId = z.infer<typeof ZCreatedId>;

/**
 * `{domain}` of the order app's whois routes: a full domain name (`bakkerij.nl`), written in any
 * case; Punycode for an internationalised name.
 */
export const ZDomainParams = z.object({
  domain: requiredSafeText(253)
    .toLowerCase()
    .regex(/^(?=[a-z0-9-]{1,63}\.)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { error: 'domain' }),
});

/** The holder registered for one of the customer's domains (`GET /api/bestellen/{domain}/whois`). */
export const ZDomainHolder = ZWhoisHolder.omit({ id: true, label: true });
export type TDomainHolder = z.infer<typeof ZDomainHolder>;

export const ZDomainWhois = z.object({ domain: z.string(), holder: ZDomainHolder });
export type TDomainWhois = z.infer<typeof ZDomainWhois>;
