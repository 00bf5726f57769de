import { z } from 'zod';
import { formDbInteger, safeString } from './safe-text.ts';

/** Every refused call answers this shape: a message, and per-field or form-level errors. */
export const ZApiError = z.object({
  message: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
  formErrors: z.array(z.string()).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

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
