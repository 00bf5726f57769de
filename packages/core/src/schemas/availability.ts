import { z } from 'zod';
import { safeString } from './safe-text.ts';

/**
 * Availability of one domain as the stream reports it. `free` can be registered, `active` is
 * taken and can be transferred in, `quarantine` is neither for now, `invalid` is not a name we
 * sell, `error` means the registry could not tell (the browser offers 'check again').
 */
export const ZAvailabilityStatus = z.enum(['free', 'active', 'quarantine', 'invalid', 'error']);
export type TAvailabilityStatus = z.infer<typeof ZAvailabilityStatus>;

/**
 * The `domainAvailability` event of `GET /api/check-domain-extensions`. An `invalid` name also
 * says why (`reason`, in the visitor's language: the rule its name part breaks, as the search
 * field says it).
 */
export const ZAvailabilityEvent = z.object({ domain: z.string(), status: ZAvailabilityStatus, reason: z.string().optional() });
export type TAvailabilityEvent = z.infer<typeof ZAvailabilityEvent>;

export const AVAILABILITY_EVENT = 'domainAvailability';
/** Sent instead of results when this client searched past the free rate without a valid captcha. */
export const CAPTCHA_REQUIRED_EVENT = 'captchaRequired';
/** The stream's upper bound (spec 000 section 9). */
export const AVAILABILITY_STREAM_TTL_MS = 120_000;
export const MAX_EXTENSIONS_PER_SEARCH = 50;

const asArray = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Query of the availability stream: `domain`, repeated `extensions[]`, optional captcha token. */
export const ZCheckDomainQuery = z
  .object({
    domain: safeString().min(1).max(300),
    'extensions[]': z.preprocess(asArray, z.array(safeString().min(1).max(30)).max(MAX_EXTENSIONS_PER_SEARCH)).optional(),
    extensions: z.preprocess(asArray, z.array(safeString().min(1).max(30)).max(MAX_EXTENSIONS_PER_SEARCH)).optional(),
    'g-recaptcha-response': safeString().max(10_000).optional(),
  })
  .transform((q) => ({
    domain: q.domain,
    extensions: [...(q['extensions[]'] ?? []), ...(q.extensions ?? [])].map((e) => e.replace(/^\./, '').toLowerCase()),
    captchaToken: q['g-recaptcha-response'] || undefined,
  }))
  .refine((q) => q.extensions.length >= 1 && q.extensions.length <= MAX_EXTENSIONS_PER_SEARCH, {
    message: `Between 1 and ${MAX_EXTENSIONS_PER_SEARCH} extensions`,
    path: ['extensions'],
  });
export type TCheckDomainQuery = z.infer<typeof ZCheckDomainQuery>;
