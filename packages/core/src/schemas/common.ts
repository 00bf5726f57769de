import { z } from 'zod';
import { formDbInteger, safeString } from './safe-text.ts';

/** One field's fault in a refusal: which field, its stable code and the message. */
export const ZFieldProblem = z.object({ field: z.string(), code: z.string(), detail: z.string() });

/**
 * Every refused call answers this shape, problem details (RFC 9457, `application/problem+json`):
 * `type` (the address of the code's description), `title` (the status in words), `status`,
 * `detail` (what went wrong here), and our extensions: `code` (stable, machine-readable:
 * `domain_unavailable`, `invalid_record`, `rate_limited`), `message` (the same as `detail`, the
 * name the shop's pages read), per-field errors as `fieldErrors` (field -> message) and `errors`
 * (field, code, message), and form-level errors.
 */
export const ZApiError = z.object({
  type: z.string().describe("The problem type's address (`/api/problems/{code}`), relative to the API's origin."),
  title: z.string().describe('The status in words, in the language of `Accept-Language`.'),
  status: z.number().int().min(400).max(599).describe('The HTTP status of the answer.'),
  detail: z.string().describe('What went wrong with this request, for a person, in the language of `Accept-Language`.'),
  code: z.string().regex(/^[a-z0-9_]+$/).describe('Stable and machine-readable: what a program reacts to (`domain_unavailable`, `invalid_record`, `rate_limited`, `not_found`, …).'),
  message: z.string().describe('The same text as `detail`.'),
  fieldErrors: z.record(z.string(), z.string()).optional().describe('Per field (a dotted path into the body): its message.'),
  errors: z.array(ZFieldProblem).optional().describe('Per field: its path, its own code and its message.'),
  formErrors: z.array(z.string()).optional().describe('Faults of the request as a whole.'),
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
