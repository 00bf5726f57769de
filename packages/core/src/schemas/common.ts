import { z } from 'zod';
import { formDbInteger, safeString } from './safe-text.ts';

/** Every refused call answers this shape: a message, and per-field or form-level errors. */
export const ZApiError = z.object({
  message: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
  formErrors: z.array(z.string()).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

/** Fastify validates a missing body as `null`; only `_csrf` may accompany a form post. */
const isEmptyBody = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.entries(value).every(([key, field]) => key === '_csrf' && typeof field === 'string'));

/**
 * The body of a write that takes none (a DELETE, a POST that only names its target in the path):
 * none, an empty one, `null` or `{}`. Anything else is refused before a hook reads it, so a body cannot
 * change what such a route does, nor make an idempotency fingerprint walk it.
 */
export const ZNoBody = z.unknown().refine(isEmptyBody, { error: 'noBody' });

/** `POST /api/report-error` (spec 001 section 7). Bounded so a report cannot flood storage. */
export const ZErrorReport = z.object({
  msg: safeString({ multiline: true }).max(2_000, { error: 'tooLong' }),
  url: safeString().max(2_000, { error: 'tooLong' }).optional().default(''),
  line: formDbInteger(0).nullish(),
  column: formDbInteger(0).nullish(),
  error: safeString({ multiline: true }).max(2_000, { error: 'tooLong' }).nullish(),
  errorStackTrace: safeString({ multiline: true }).max(10_000, { error: 'tooLong' }).nullish(),
});
export type TErrorReport = z.infer<typeof ZErrorReport>;
export const ERROR_REPORT_MARKER = '[front-end]';
export const ERROR_REPORT_LIMIT = { max: 10, windowMs: 60_000 };

/** `GET /captcha/key`: which widget the browser shows, and its key or challenge address. */
export const ZCaptchaKey = z.object({ provider: z.enum(['altcha', 'recaptcha']), key: z.string() });
export type TCaptchaKey = z.infer<typeof ZCaptchaKey>;

export const ZLanguage = z.enum(['nl', 'en']);
