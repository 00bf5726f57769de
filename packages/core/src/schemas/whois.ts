import { z } from 'zod';
import { requiredSafeText, ZPathId } from './safe-text.ts';
import { isCountryCode } from './country-codes.ts';
import { EVEN_WHEN_A_FIELD_FAILED, formatDutchPostcode, isDutchPostcode, optionalText, requiredText, ZEmail, ZGender, ZHouseNumber, ZPhoneNumber } from './fields.ts';

/**
 * Domain holders (whois) of a logged-in customer (spec 000 sections 3 and 5, spec 001 sections 3,
 * 5 and 7). Error messages are keys of `texts/validation.ts`.
 */
export const DEFAULT_HOLDER_COUNTRY = 'NL';
export const HOUSE_NUMBER_ADDITION_MAX_LENGTH = 10;

/** An EU VAT number after spaces and dots are removed: country prefix, then 2 to 12 characters with digits among them. */
const VAT_NUMBER = /^[A-Z]{2}(?=[0-9A-Z+*]*\d)[0-9A-Z+*]{2,12}$/;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The rules between fields, on the form as typed (a field may have failed): the company name for a
 * company, a known country, a Dutch postcode in the Netherlands, an EU VAT number.
 */
function crossFieldFaults(input: object, ctx: z.RefinementCtx): void {
  const form = input as Record<string, unknown>;
  const company = text(form.company);
  const isCompany = typeof form.isCompany === 'boolean' ? form.isCompany : company !== '';
  const country = text(form.country).toUpperCase() || DEFAULT_HOLDER_COUNTRY;
  const postcode = text(form.postcode);
  const vat = text(form.vat).replace(/[\s.]/g, '').toUpperCase();
  if (isCompany && !company) ctx.addIssue({ code: 'custom', path: ['company'], message: 'required' });
  if (/^[A-Z]{2}$/.test(country) && !isCountryCode(country)) ctx.addIssue({ code: 'custom', path: ['country'], message: 'country' });
  if (country === 'NL' && postcode && !isDutchPostcode(postcode)) ctx.addIssue({ code: 'custom', path: ['postcode'], message: 'postcode' });
  if (isCompany && vat && !VAT_NUMBER.test(vat)) ctx.addIssue({ code: 'custom', path: ['vat'], message: 'vat' });
}

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
  // Runs even when a field failed, so that one answer carries every fault of the form.
  .superRefine(crossFieldFaults, EVEN_WHEN_A_FIELD_FAILED)
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
  /** The customer's domains that have this holder (a change to it reaches them). */
  domains: z.array(z.string()),
});
export type TWhoisHolder = z.infer<typeof ZWhoisHolder>;

/**
 * The standard holder (`GET /api/account/whois/standard`): the customer's own data, with the
 * label, e-mail address and phone number they gave it (the account's until they change them).
 */
export const ZStandardHolder = z.object({ label: z.string(), email: z.string(), phone: z.string(), domains: z.array(z.string()) });
export type TStandardHolder = z.infer<typeof ZStandardHolder>;

/** `PUT /api/account/whois/standard`: what the standard holder has of its own (spec 001 section 3). */
export const ZStandardHolderForm = z.object({ label: optionalText(100), email: ZEmail, phone: ZPhoneNumber });
export type TStandardHolderFormInput = z.input<typeof ZStandardHolderForm>;
export type TStandardHolderForm = z.output<typeof ZStandardHolderForm>;

/** `GET /api/account/whois`: the customer's own holders and the standard one, each with the domains that have it. */
export const ZWhoisList = z.object({
  custom: z.array(z.object({ id: z.number().int(), label: z.string(), domains: z.array(z.string()) })),
  standard: ZStandardHolder,
});
export type TWhoisList = z.infer<typeof ZWhoisList>;

/**
 * Where a domain's holder comes from: the standard holder, one of the customer's own holders
 * (`id`), or set for this domain alone (`own`).
 */
export const ZHolderSource = z.object({ kind: z.enum(['standard', 'custom', 'own']), id: z.number().int().nullable(), label: z.string() });
export type THolderSource = z.infer<typeof ZHolderSource>;

/** `GET /api/account/whois-domain`: domains and the holder each has. */
export const ZWhoisDomains = z.object({ domains: z.array(z.object({ domain: z.string(), holder: ZHolderSource })) });
export type TWhoisDomains = z.infer<typeof ZWhoisDomains>;

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

/**
 * `GET /api/account/whois-domain?domain=` (whoisCheck: the holder one domain has) or `?whois=`
 * (a holder's id, or `standard`: the domains that have it). Exactly one of the two.
 */
export const ZWhoisDomainQuery = z
  .object({
    domain: ZDomainParams.shape.domain.optional(),
    whois: z.union([z.literal('standard'), ZPathId], { error: 'id' }).optional(),
  })
  .refine((query) => (query.domain === undefined) !== (query.whois === undefined), { error: 'required', path: ['domain'] });
export type TWhoisDomainQuery = z.output<typeof ZWhoisDomainQuery>;

/** The holder registered for one of the customer's domains (`GET /api/bestellen/{domain}/whois`). */
export const ZDomainHolder = ZWhoisHolder.omit({ id: true, label: true, domains: true });
export type TDomainHolder = z.infer<typeof ZDomainHolder>;

export const ZDomainWhois = z.object({ domain: z.string(), holder: ZDomainHolder });
export type TDomainWhois = z.infer<typeof ZDomainWhois>;
