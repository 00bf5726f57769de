import { z } from 'zod';
import { isPasswordGuessable, passwordUserInputs } from '../password-strength.ts';
import { safeString, safeText } from './safe-text.ts';
import { ZCustomerSummary, ZLoginUsername } from './session.ts';
import { DEFAULT_COUNTRY_ID, formatDutchPostcode, isDutchPostcode, optionalText, requiredText as required, ZCountryId, ZEmail, ZGender, ZHouseNumber, ZPhoneNumber } from './fields.ts';

/**
 * Account wire shapes (spec 000 sections 3, 5, 7; spec 001 sections 3, 5, 7). Error messages are
 * keys of `texts/validation.ts`, translated by whoever shows them (server answer or form).
 */
export const PASSWORD_MIN_LENGTH = 14;
export const PASSWORD_MAX_LENGTH = 40;
export const STREET_NUMBER_ADDITION_MAX_LENGTH = 10;
export const ACTIVATION_RESEND_COOLDOWN_SECONDS = 30;

/** The length rule alone; `ZPassword` adds 'hard to guess'. */
export const ZPasswordLength = z
  .string({ error: 'required' })
  .min(PASSWORD_MIN_LENGTH, { error: 'passwordLength' })
  .max(PASSWORD_MAX_LENGTH, { error: 'passwordLength' });

/**
 * Whether a password of the right length is too easy to guess (`password-strength.ts`); the
 * length rule speaks first, so a password gets one message at a time.
 */
export function passwordTooGuessable(password: string, userInputs: readonly string[] = []): boolean {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return false;
  return isPasswordGuessable(password, userInputs) === true;
}

/** A new password: 14 to 40 characters and hard to guess. */
export const ZPassword = ZPasswordLength.refine((password) => !passwordTooGuessable(password), { error: 'passwordGuessable' });

/** The registration's own words that its password may not lean on (e-mail, names, address). */
export const registrationPasswordInputs = (dto: Partial<Record<'email' | 'firstName' | 'lastName' | 'companyName' | 'street' | 'city', string>>) =>
  passwordUserInputs({ email: dto.email, firstName: dto.firstName, lastName: dto.lastName, companyName: dto.companyName, street: dto.street, city: dto.city });

let amsterdamDate: Intl.DateTimeFormat | undefined;
const HOUR_MS = 3_600_000;
/** The last answer, for the UTC hour it holds in. */
let lastAnswer = { hour: Number.NaN, day: '' };

/** Today as `YYYY-MM-DD` in the Dutch time zone, the date a birth date may not pass. */
export function todayInAmsterdam(now: Date = new Date()): string {
  // Amsterdam is a whole number of hours off UTC and changes its offset on the hour, so its date
  // is the same throughout a UTC hour: formatting once per hour spares every basket read the cost.
  const hour = Math.floor(now.getTime() / HOUR_MS);
  if (hour === lastAnswer.hour) return lastAnswer.day;
  // Built on the first call and kept: building a formatter costs far more than using one.
  amsterdamDate ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' });
  const day = amsterdamDate.format(now);
  lastAnswer = { hour, day };
  return day;
}

/** The step 3 registration form (`registrationDto`). */
export const ZRegistrationDto = z
  .object({
    isCompany: z.boolean().default(true),
    companyName: optionalText(100),
    gender: ZGender.default('M'),
    firstName: required(60),
    lastName: required(80),
    birthDate: z
      .string({ error: 'date' })
      .trim()
      .regex(/^(\d{4}-\d{2}-\d{2})?$/, { error: 'date' })
      .refine((value) => value === '' || value <= todayInAmsterdam(), { error: 'dateInFuture' })
      .optional()
      .default(''),
    street: required(100),
    streetNumber: ZHouseNumber,
    streetNumberAddition: optionalText(STREET_NUMBER_ADDITION_MAX_LENGTH),
    postCode: required(12),
    city: required(80),
    countryId: ZCountryId.default(DEFAULT_COUNTRY_ID),
    phoneNumber: ZPhoneNumber,
    email: ZEmail,
    password: ZPasswordLength,
  })
  .superRefine((dto, ctx) => {
    if (dto.isCompany && !dto.companyName) ctx.addIssue({ code: 'custom', path: ['companyName'], message: 'required' });
    if (passwordTooGuessable(dto.password, registrationPasswordInputs(dto))) ctx.addIssue({ code: 'custom', path: ['password'], message: 'passwordGuessable' });
    if (dto.countryId === DEFAULT_COUNTRY_ID && dto.postCode && !isDutchPostcode(dto.postCode)) ctx.addIssue({ code: 'custom', path: ['postCode'], message: 'postcode' });
  })
  .transform((dto) => (dto.countryId === DEFAULT_COUNTRY_ID ? { ...dto, postCode: formatDutchPostcode(dto.postCode) } : dto));
export type TRegistrationDto = z.input<typeof ZRegistrationDto>;

export const ZRegisterAccountRequest = z.object({ registrationDto: ZRegistrationDto, captcha: safeText(10_000).optional() });

/** The order app's short registration; the password is chosen when the link is followed. */
export const ZOrderAppRegistrationRequest = z.object({
  registrationRequest: z.object({ email: ZEmail, firstname: required(60), lastname: required(80) }),
  captcha: safeText(10_000).optional(),
});

export const ZEmailRequest = z.object({ email: ZEmail });
export const ZLoginRequest = z.object({
  username: ZLoginUsername,
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200),
  'g-recaptcha-response': safeText(10_000).optional(),
});
export const ZPasswordResetLinkRequest = ZEmailRequest.extend({ 'g-recaptcha-response': safeText(10_000).optional() });
export const ZSetPasswordRequest = z.object({ token: safeString().min(10).max(200), password: ZPassword });
export const ZActivateRequest = z.object({ token: safeString().min(10).max(200), password: ZPassword.optional() });

export const ZLoginSuccess = z.object({ isReseller: z.boolean(), isSubUser: z.boolean(), customer: ZCustomerSummary });
export type TLoginSuccess = z.infer<typeof ZLoginSuccess>;
/**
 * A refused login; `locked` is set only for a locked account whose password was right.
 * `retryAfterSeconds` comes with a 429: the address is throttled and no password was checked.
 */
export const ZLoginFailure = z.object({
  message: z.string(),
  showLoginCaptcha: z.boolean(),
  locked: z.boolean().optional(),
  retryAfterSeconds: z.number().int().nonnegative().optional(),
});
export type TLoginFailure = z.infer<typeof ZLoginFailure>;

/**
 * Where a login sends the customer back (`returnTo`): a path on this shop only, never another
 * site. A same-origin relative path: one leading slash (not `//host`, not `/\host`), no
 * backslashes, no control characters. Anything else answers null (the default page).
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (char === '\\' || code < 0x20 || code === 0x7f) return null;
  }
  return value;
}

/** `POST /login`, the order app's form post (spec 001 section 7). */
export const ZLoginForm = z.object({
  _csrf: safeString().max(200).optional(),
  from: safeString().max(40).optional(),
  /**
   * The page that asked for the login. Never stored: `safeReturnPath` decides whether it is used,
   * so an unusable one (another site, a control character) sends the customer to the default page.
   */
  returnTo: z.string().max(2000).optional(),
  username: safeText(254).optional().default(''),
  password: z.string().max(200).optional().default(''),
  'g-recaptcha-response': safeText(10_000).optional(),
});
/** Values of `loginError` on `/bestellen/inloggen` after a refused form login. */
export const ZLoginFormError = z.enum(['invalid', 'locked', 'captcha', 'wait']);
export type TLoginFormError = z.infer<typeof ZLoginFormError>;

/** Answer of both registrations and of the activation-link resends, whether or not the address was known. */
export const ZRegistrationAccepted = z.object({ status: z.literal('AWAITING_ACTIVATION'), email: z.string() });
export type TRegistrationAccepted = z.infer<typeof ZRegistrationAccepted>;

/** `GET /api/account/activation?token=` and `GET /api/login/password-reset?token=`. */
export const ZTokenQuery = z.object({ token: safeString().max(200).optional().default('') });
export const ZActivationLinkStatus = z.object({ valid: z.boolean(), needsPassword: z.boolean() });
export type TActivationLinkStatus = z.infer<typeof ZActivationLinkStatus>;
export const ZPasswordResetLinkStatus = z.object({ valid: z.boolean() });
export type TPasswordResetLinkStatus = z.infer<typeof ZPasswordResetLinkStatus>;

/** A plain confirmation (password reset requested, password changed). */
export const ZInfoMessage = z.object({ message: z.string() });
export type TInfoMessage = z.infer<typeof ZInfoMessage>;

/** Body of a 401 that demands a captcha before the next try. */
export const CAPTCHA_DEMANDS = {
  registration: 'showRegistrationCaptcha',
  passwordReset: 'showPasswordResetCaptcha',
} as const;
export const ZCaptchaDemand = z.object({ status: z.enum([CAPTCHA_DEMANDS.registration, CAPTCHA_DEMANDS.passwordReset]), message: z.string() });
export type TCaptchaDemand = z.infer<typeof ZCaptchaDemand>;

/** How long the links in account e-mails work. */
export const ACTIVATION_LINK_VALID_HOURS = 24;
export const PASSWORD_RESET_LINK_VALID_MINUTES = 60;
