import { z } from 'zod';
import { requiredSafeText, safeText, ZDbId } from './safe-text.ts';
import type { ZBasketPeriod } from './basket.ts';

/**
 * Step 3 of the order flow (spec 000 sections 3, 4, 5 and 7): basket validation, the smart
 * benefits, payment methods and the purchase. Error messages of requests are keys of
 * `texts/validation.ts`.
 */

/** Answer of `POST /api/bestelprocedure/validateBasket`; `message` is '' when OK. */
export const ZBasketValidation = z.object({ status: z.enum(['OK', 'FAILED']), message: z.string() });
export type TBasketValidation = z.infer<typeof ZBasketValidation>;

/** What the smart-benefits modal offers for hosting (spec 000 section 3). */
export const ZAdditionalServiceType = z.enum(['NONE', 'ADD_INTRO_HOSTING', 'UPGRADE_TO_BASIC_HOSTING', 'UPGRADE_TO_PREMIUM_HOSTING']);
export type TAdditionalServiceType = z.infer<typeof ZAdditionalServiceType>;

/** What it offers for SSL: the standard domain-validated certificate on a hosting package. */
export const ZSslServiceType = z.enum(['NONE', 'ADD_SSL']);
export type TSslServiceType = z.infer<typeof ZSslServiceType>;

/**
 * Answer of `POST /api/bestelprocedure/proposeAdditionalService`. `price`: cents excl. VAT per
 * month, the difference at the 6-month discount price (spec 000 section 9); 0 with NONE.
 * `domain` is the domain the offer is for (null with NONE).
 */
export const ZAdditionalServiceProposal = z.object({
  serviceType: ZAdditionalServiceType,
  price: z.number().int(),
  domain: z.string().nullable(),
  /** The package it would add or upgrade to, for the modal's text (null with NONE). */
  productName: z.string().nullable(),
});
export type TAdditionalServiceProposal = z.infer<typeof ZAdditionalServiceProposal>;

/** Answer of `POST /api/bestelprocedure/proposeAdditionalServiceSsl`. `price`: cents excl. VAT per year. */
export const ZSslProposal = z.object({
  serviceType: ZSslServiceType,
  price: z.number().int(),
  domain: z.string().nullable(),
  productName: z.string().nullable(),
});
export type TSslProposal = z.infer<typeof ZSslProposal>;

/** `POST /api/bestelprocedure/acceptAdditionalService`: answers the validation of the new basket. */
export const ZAcceptAdditionalServiceRequest = z.object({
  acceptedServiceTypes: z.array(z.union([ZAdditionalServiceType.exclude(['NONE']), ZSslServiceType.exclude(['NONE'])])).max(2),
});
export type TAcceptAdditionalServiceRequest = z.infer<typeof ZAcceptAdditionalServiceRequest>;

/** Smart-benefits modal rule (spec 000 section 4), with nothing-to-offer left out. */
export function shouldOfferSmartBenefits(hosting: TAdditionalServiceType, ssl: TSslServiceType, period: z.infer<typeof ZBasketPeriod>): boolean {
  if (hosting === 'NONE' && ssl === 'NONE') return false;
  return hosting !== 'NONE' || period === 'YEARLY';
}

/**
 * An SSL certificate needs a hosting package: offered with 'add Intro hosting' (the domain has
 * none yet), it can be accepted only together with that offer. The server refuses it alone.
 */
export function sslOfferNeedsHostingOffer(hosting: TAdditionalServiceType): boolean {
  return hosting === 'ADD_INTRO_HOSTING';
}

export const ZPaymentMethodCode = z.enum(['ONLINE', 'MANUAL_PAYMENT', 'AUTOMATIC_INCASSO']);
export type TPaymentMethodCode = z.infer<typeof ZPaymentMethodCode>;

/**
 * One entry of `POST /api/bestelprocedure/paymentMethods`. `price` is the surcharge as a euro
 * string in the page's language ('€ 0,00' is not shown, spec 000 section 9); `priceCents` the same
 * in cents excl. VAT. For MANUAL_PAYMENT the surcharge is the administration fee where it applies.
 */
export const ZPaymentMethod = z.object({ paymentMethod: ZPaymentMethodCode, price: z.string(), priceCents: z.number().int() });
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;
export const ZPaymentMethods = z.array(ZPaymentMethod);

/** One holder selection of a purchase: null is the customer's standard holder. */
export const ZHolderSelection = z.object({ customWhoisId: ZDbId.nullable(), domain: requiredSafeText(255).toLowerCase() });
export type THolderSelection = z.infer<typeof ZHolderSelection>;

/** Dutch-style IBAN check (ISO 13616 mod-97); spaces are ignored and letters upper-cased. */
export function isValidIban(input: string): boolean {
  const iban = input.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** The mandate given with a first direct-debit order (SEPA core); kept on the customer for later orders. */
export const ZDirectDebitMandate = z.object({
  iban: z
    .string({ error: 'iban' })
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine(isValidIban, { error: 'iban' }),
  accountHolder: safeText(70).min(2, { error: 'required' }),
  mandateAccepted: z.literal(true, { error: 'mandateRequired' }),
});
export type TDirectDebitMandate = z.input<typeof ZDirectDebitMandate>;

/**
 * `POST /bestelprocedure/purchase`. `customWhois` is the JSON list of holder selections (the
 * spec's form) or the list itself. `requestId` names this attempt: the same id again (double
 * click, retry after a timeout) answers the first order instead of making a second.
 */
export const ZPurchaseRequest = z.object({
  customWhois: z
    .union([z.string().max(100_000), z.array(ZHolderSelection).max(500)])
    .optional()
    .default([])
    .transform((value, ctx) => {
      if (Array.isArray(value)) return value;
      try {
        return z.array(ZHolderSelection).max(500).parse(value === '' ? [] : JSON.parse(value));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'required' });
        return z.NEVER;
      }
    }),
  paymentMethod: ZPaymentMethodCode,
  requestId: z.uuid(),
  termsAccepted: z.literal(true, { error: 'termsRequired' }),
  /** Needed with AUTOMATIC_INCASSO when the customer has no mandate yet. */
  directDebit: ZDirectDebitMandate.optional(),
});
export type TPurchaseRequest = z.input<typeof ZPurchaseRequest>;

/** Answer of a purchase: where the browser goes (the payment page, or the order summary). */
export const ZPurchaseResponse = z.object({ returnUrl: z.string(), orderId: z.number().int() });
export type TPurchaseResponse = z.infer<typeof ZPurchaseResponse>;

/** `GET /api/bestelprocedure/directDebitMandate`: whether the customer has a mandate, and its IBAN masked. */
export const ZMandateState = z.object({ hasMandate: z.boolean(), ibanMasked: z.string().nullable() });
export type TMandateState = z.infer<typeof ZMandateState>;
