import { z } from 'zod';

/** Every refused call answers this shape: a message, and per-field or form-level errors. */
export const ZApiError = z.object({
  message: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
  formErrors: z.array(z.string()).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

/** `POST /api/report-error` (spec 001 section 7). Bounded so a report cannot flood storage. */
export const ZErrorReport = z.object({
  msg: z.string().max(2_000),
  url: z.string().max(2_000).optional().default(''),
  line: z.coerce.number().int().nonnegative().nullish(),
  column: z.coerce.number().int().nonnegative().nullish(),
  error: z.string().max(2_000).nullish(),
  errorStackTrace: z.string().max(10_000).nullish(),
});
export type TErrorReport = z.infer<typeof ZErrorReport>;
export const ERROR_REPORT_MARKER = '[front-end]';
export const ERROR_REPORT_LIMIT = { max: 10, windowMs: 60_000 };

/** `GET /captcha/key`: which widget the browser shows, and its key or challenge address. */
export const ZCaptchaKey = z.object({ provider: z.enum(['altcha', 'recaptcha']), key: z.string() });
export type TCaptchaKey = z.infer<typeof ZCaptchaKey>;

export const ZLanguage = z.enum(['nl', 'en']);
