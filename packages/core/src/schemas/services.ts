import { z } from 'zod';
import { ZProductCode, ZServiceType, ZUnique } from './basket.ts';
import { requiredSafeText, safeText, SINGLE_LINE_TEXT, ZDbId, ZFormDbId } from './safe-text.ts';

/**
 * Step 2 of the order flow (spec 000 sections 4, 5 and 7): the calls of the service cards.
 * Error messages are keys of `texts/validation.ts`.
 */

export const REDIRECT_URL_MIN_LENGTH = 3;
export const REDIRECT_URL_MAX_LENGTH = 255;

/**
 * An address typed without a scheme (`www.example.nl`, `//example.nl/pad`) gets `https://`; one
 * with a scheme (`ftp:`, `mailto:`, `javascript:`) keeps it, so the URL rule refuses it. A colon
 * followed by a digit is a port, not a scheme (`example.nl:8080`).
 */
export function withDefaultScheme(url: string): string {
  if (url.startsWith('//')) return `https:${url}`;
  return /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(url) ? url : `https://${url}`;
}

/**
 * Where a redirect points: an http(s) URL on a domain name, 3 to 255 characters as stored; a
 * missing scheme is taken as `https://`.
 */
export const ZRedirectUrl = z
  .string({ error: 'redirectUrl' })
  .regex(SINGLE_LINE_TEXT, { error: 'redirectUrl' })
  .trim()
  .min(REDIRECT_URL_MIN_LENGTH, { error: 'redirectUrl' })
  .transform(withDefaultScheme)
  .pipe(
    z
      .string()
      .max(REDIRECT_URL_MAX_LENGTH, { error: 'redirectUrl' })
      .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'redirectUrl' })),
  );

export const TRANSFER_CODE_MAX_LENGTH = 128;

/** Why a (trimmed) transfer code cannot be one; null when it can. Values are `texts/validation.ts` keys. */
export function transferCodeProblem(code: string): 'transferCode' | 'transferCodeSpace' | 'transferCodeCharacter' | 'transferCodeLength' | null {
  if (code === '') return 'transferCode';
  if (/\s/.test(code)) return 'transferCodeSpace';
  if (/[^\x21-\x7e]/.test(code)) return 'transferCodeCharacter';
  if (code.length > TRANSFER_CODE_MAX_LENGTH) return 'transferCodeLength';
  return null;
}

/**
 * A transfer (auth) code as registries issue them: 1 to 128 printable ASCII characters without
 * spaces. Surrounding white space (a copied line) is trimmed; an inner space, another character
 * or a code that is too long each get their own message.
 */
export const ZTransferCode = z
  .string({ error: 'transferCode' })
  .trim()
  .superRefine((code, ctx) => {
    const problem = transferCodeProblem(code);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });


/** `POST /api/bestelprocedure/setServiceType`: the card's choice; items of the other types go. */
export const ZSetServiceTypeRequest = z.object({ unique: ZUnique, serviceType: ZServiceType });
export type TSetServiceTypeRequest = z.infer<typeof ZSetServiceTypeRequest>;

/**
 * `POST /api/bestelprocedure/setTransferOptions`: the transfer section's checkboxes for a
 * `DOMAIN_TRANSFER` item. Omitted optional fields keep their value; `dnsProfileId: null` means
 * 'copy the current DNS'.
 */
export const ZSetTransferOptionsRequest = z.object({
  unique: ZUnique,
  ownerConfirmed: z.boolean(),
  transferDnsLater: z.boolean().optional(),
  dnsProfileId: ZDbId.nullable().optional(),
});
export type TSetTransferOptionsRequest = z.infer<typeof ZSetTransferOptionsRequest>;

/** `POST /api/bestelprocedure/setGratisProduct`: the free CMS install of a domain's hosting. */
export const ZSetGratisProductRequest = z.object({
  productId: ZFormDbId,
  productCode: ZProductCode,
  title: safeText(255).optional(),
  parentId: ZUnique,
});
export type TSetGratisProductRequest = z.infer<typeof ZSetGratisProductRequest>;

/** `POST /api/bestelprocedure/removeGratisProduct`. */
export const ZRemoveGratisProductRequest = z.object({ parentId: ZUnique });
export type TRemoveGratisProductRequest = z.infer<typeof ZRemoveGratisProductRequest>;

/** `POST /api/bestelprocedure/setDomainHolder`: null is the customer's standard holder. */
export const ZSetDomainHolderRequest = z.object({ unique: ZUnique, customWhoisId: ZDbId.nullable() });
export type TSetDomainHolderRequest = z.infer<typeof ZSetDomainHolderRequest>;

/** Why a card stops step 2 (spec 000 section 5). */
export const ZServicesInvalidReason = z.enum(['TRANSFER_OWNER_UNCONFIRMED', 'REDIRECT_MISSING']);
export type TServicesInvalidReason = z.infer<typeof ZServicesInvalidReason>;

/** Answer of `POST /api/bestelprocedure/validateServices`; `message` is '' when OK. */
export const ZServicesValidation = z.object({
  status: z.enum(['OK', 'FAILED']),
  message: z.string(),
  invalid: z.array(z.object({ unique: z.string(), reason: ZServicesInvalidReason })),
});
export type TServicesValidation = z.infer<typeof ZServicesValidation>;

const formText = (max: number) => safeText(max).optional().default('');

/** `POST /account/webhosting-toevoegen` (form post): hosting for a domain the customer has. */
export const ZAddHostingForm = z.object({
  _csrf: formText(200),
  domain: requiredSafeText(255).toLowerCase(),
  productCode: ZProductCode,
  productId: ZFormDbId,
});
export type TAddHostingForm = z.infer<typeof ZAddHostingForm>;

/** `POST /account/webhosting-upgraden` (form post): another package for an existing hosting account. */
export const ZUpgradeHostingForm = z.object({
  _csrf: formText(200),
  hostingPackageId: ZFormDbId,
  productCode: ZProductCode,
  productId: ZFormDbId,
});
export type TUpgradeHostingForm = z.infer<typeof ZUpgradeHostingForm>;

/** Where the hosting entries send the browser: the order page at step 2, marked as an upgrade. */
export const HOSTING_UPGRADE_PAGE = '/bestelprocedure?hostingUpgrade=true#step-2';
