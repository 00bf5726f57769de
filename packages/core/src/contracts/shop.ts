import { z } from 'zod';
import { ZCaptchaChallengeQuery } from '../schemas/session.ts';
import { ZCheckDomainQuery } from '../schemas/availability.ts';
import { ZCatalogue, ZCountry } from '../schemas/catalogue.ts';
import { ZCaptchaKey, ZErrorReport } from '../schemas/common.ts';
import { ZOrderProducts, ZSharedHosting } from '../schemas/order-products.ts';
import { contract } from './contract.ts';

/** An ALTCHA proof-of-work challenge as the browser gets it. */
export const ZAltchaChallenge = z.object({
  algorithm: z.enum(['SHA-1', 'SHA-256', 'SHA-512']),
  challenge: z.string(),
  maxnumber: z.number().int().positive().optional(),
  salt: z.string(),
  signature: z.string(),
});
export type TAltchaChallenge = z.infer<typeof ZAltchaChallenge>;

/** `GET /api/problems/{code}`: what a refusal's `code` (problem type, RFC 9457) means. */
export const ZProblemTypeParams = z.object({ code: z.string().regex(/^[a-z0-9_]{1,80}$/, { error: 'invalidValue' }) });
export const ZProblemType = z.object({ type: z.string(), code: z.string(), description: z.string() });
export type TProblemType = z.infer<typeof ZProblemType>;

/** Public calls of the shop: catalogue, countries, the availability stream, captcha, error reports. */
export const shopContracts = {
  catalogue: contract({ method: 'GET', path: '/api/catalogue', response: ZCatalogue }),
  countries: contract({ method: 'GET', path: '/api/countries', response: z.array(ZCountry) }),
  /** The product pages' SSL certificates, Cloudflare plans and VPS packages. */
  orderProducts: contract({ method: 'GET', path: '/api/producten', response: ZOrderProducts }),
  /** Spec 001 section 7's shared hosting list of the order app. */
  sharedHostings: contract({ method: 'GET', path: '/api/bestellen/sharedHostings', response: z.array(ZSharedHosting) }),
  /** A server-sent event stream (`domainAvailability` events, or `captchaRequired`). */
  checkDomainExtensions: contract({ method: 'GET', path: '/api/check-domain-extensions', querystring: ZCheckDomainQuery, kind: 'stream' }),
  reportError: contract({ method: 'POST', path: '/api/report-error', body: ZErrorReport, status: 204 }),
  captchaKey: contract({ method: 'GET', path: '/captcha/key', response: ZCaptchaKey }),
  /** The same answer under reCAPTCHA v3's historic path. */
  captchaV3Key: contract({ method: 'GET', path: '/captcha-v3/key', response: ZCaptchaKey }),
  problemType: contract({ method: 'GET', path: '/api/problems/:code', params: ZProblemTypeParams, response: ZProblemType }),
  captchaChallenge: contract({ method: 'GET', path: '/captcha/challenge', querystring: ZCaptchaChallengeQuery, response: ZAltchaChallenge }),
};
