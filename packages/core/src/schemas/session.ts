import { z } from 'zod';
import { requiredSafeText } from './safe-text.ts';

/*
 * The schemas of who is logged in, apart from the account forms' (account.ts): the order page and
 * the order app ask them on their first screen, and a module is what a bundler keeps or drops, so
 * the first screen does not carry the registration and password rules.
 */

/** The login name as the login form and the captcha challenge take it. */
export const ZLoginUsername = requiredSafeText(254);

/** `GET /captcha/challenge?username=`: the login the challenge is for decides its difficulty. */
export const ZCaptchaChallengeQuery = z.object({ username: ZLoginUsername.optional() });

/** The logged-in customer as the order page shows them. */
export const ZCustomerSummary = z.object({
  id: z.number().int(),
  email: z.string(),
  isCompany: z.boolean(),
  companyName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  street: z.string(),
  streetNumber: z.string(),
  streetNumberAddition: z.string(),
  postCode: z.string(),
  city: z.string(),
  countryId: z.number().int(),
  phoneNumber: z.string(),
  isReseller: z.boolean(),
  staffel: z.number().int().nullable(),
  isSubUser: z.boolean(),
});
export type TCustomerSummary = z.infer<typeof ZCustomerSummary>;

export const ZAuthState = z.object({ loggedIn: z.boolean(), customer: ZCustomerSummary.nullable() });
export type TAuthState = z.infer<typeof ZAuthState>;
