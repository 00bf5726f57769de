import type { Locale } from '../money.ts';
import { checkoutMessages } from './checkout-messages.ts';
import { dnsMessages } from './dns-messages.ts';
import { orderMessages } from './order-messages.ts';

/** Messages the server answers with, in the visitor's language. */
export const messages = {
  csrf: {
    nl: 'Je sessie is verlopen of het formulier is ongeldig. Laad de pagina opnieuw en probeer het nog eens.',
    en: 'Your session has expired or the form is invalid. Reload the page and try again.',
  },
  validation: { nl: 'Controleer de ingevulde gegevens.', en: 'Please check the details you entered.' },
  bodyTooDeep: { nl: 'De gegevens zijn te diep genest (hoogstens 32 niveaus).', en: 'The data is nested too deeply (at most 32 levels).' },
  invalidJson: { nl: 'De gegevens zijn geen geldige JSON.', en: 'The data is not valid JSON.' },
  bodyTooLarge: { nl: 'De gegevens zijn te groot.', en: 'The data is too large.' },
  mediaType: { nl: 'Deze soort gegevens (Content-Type) nemen we hier niet aan.', en: 'This kind of data (Content-Type) is not accepted here.' },
  rateLimited: { nl: 'Te veel verzoeken. Wacht even en probeer het opnieuw.', en: 'Too many requests. Wait a moment and try again.' },
  notFound: { nl: 'Niet gevonden.', en: 'Not found.' },
  methodNotAllowed: { nl: 'Deze methode kan hier niet (de header Allow noemt de methoden die wel kunnen).', en: 'This method is not allowed here (the Allow header lists the methods that are).' },
  internal: { nl: 'Er is iets misgegaan. Probeer het later nog eens.', en: 'Something went wrong. Please try again later.' },
  invalidDomain: { nl: 'Ongeldige domeinnaam.', en: 'Invalid domain name.' },
  unknownProduct: { nl: 'Dit product bestaat niet (meer).', en: 'This product does not exist (any more).' },
  domainUnavailable: {
    nl: 'Deze domeinnaam kan nu niet geregistreerd of verhuisd worden.',
    en: 'This domain name cannot be registered or transferred right now.',
  },
  idempotencyKeyReused: {
    nl: 'Deze Idempotency-Key hoort bij een eerdere bestelling van een andere domeinnaam.',
    en: 'This Idempotency-Key belongs to an earlier order of another domain name.',
  },
  idempotencyKeyOtherRequest: {
    nl: 'Deze Idempotency-Key is al gebruikt voor een ander verzoek.',
    en: 'This Idempotency-Key was used for another request.',
  },
  idempotencyInProgress: {
    nl: 'Een verzoek met deze Idempotency-Key loopt nog. Probeer het zo opnieuw.',
    en: 'A request with this Idempotency-Key is still running. Try again shortly.',
  },
  availabilityUnknown: {
    nl: 'We konden de beschikbaarheid nu niet controleren. Probeer het zo opnieuw.',
    en: 'We could not check the availability right now. Please try again shortly.',
  },
  registrationCaptcha: {
    nl: 'Te veel pogingen. Los eerst de captcha op voordat je je registreert.',
    en: 'Too many attempts, solve Captcha before registering.',
  },
  passwordResetCaptcha: {
    nl: 'Te veel pogingen. Los eerst de captcha op voordat je een nieuw wachtwoord aanvraagt.',
    en: 'Too many attempts. Solve Captcha before sending password reset request.',
  },
  activationResendFailed: { nl: 'Er is iets misgegaan. Probeer het later nog eens.', en: 'Something went wrong. Please try again later.' },
  loginInvalid: { nl: 'Onjuist e-mailadres of wachtwoord.', en: 'Incorrect e-mail address or password.' },
  loginCaptcha: {
    nl: 'Te veel mislukte pogingen. Los de captcha op en probeer het opnieuw.',
    en: 'Too many failed attempts. Solve the captcha and try again.',
  },
  loginWait: {
    nl: 'Te veel mislukte inlogpogingen met dit e-mailadres. Wacht {seconds} s en probeer het dan opnieuw.',
    en: 'Too many failed login attempts with this e-mail address. Wait {seconds} s, then try again.',
  },
  loginThrottleLocked: {
    nl: 'Te veel mislukte inlogpogingen met dit e-mailadres. Inloggen kan weer over {minutes} minuten. Hoort er een account bij dit adres, dan hebben we een e-mail gestuurd waarmee je de blokkade opheft door een nieuw wachtwoord te kiezen.',
    en: 'Too many failed login attempts with this e-mail address. You can log in again in {minutes} minutes. If this address has an account, we have sent an e-mail with which you can lift the block by choosing a new password.',
  },
  loginLocked: { nl: 'Uw account is geblokkeerd.', en: 'Your account is locked.' },
  loginNotActivated: {
    nl: 'Je account is nog niet geactiveerd. Klik eerst op de activeringslink in de e-mail die we je hebben gestuurd.',
    en: 'Your account has not been activated yet. First click the activation link in the e-mail we sent you.',
  },
  linkInvalid: {
    nl: 'Deze link is niet meer geldig. Hij is verlopen of al gebruikt; vraag een nieuwe aan.',
    en: 'This link is no longer valid. It has expired or was used already; please request a new one.',
  },
  passwordResetSent: {
    nl: 'Als dit e-mailadres bij ons bekend is, hebben we je instructies gestuurd om een nieuw wachtwoord in te stellen. Weet je niet meer met welk e-mailadres je bent geregistreerd? Neem dan contact op met onze support.',
    en: 'If this e-mail address is known to us, we have sent you instructions to reset your password. Forgot which e-mail address you registered with? Please contact our support.',
  },
  passwordChanged: {
    nl: 'Je wachtwoord is gewijzigd. Je kunt nu inloggen met je nieuwe wachtwoord.',
    en: 'Your password has been changed. You can now log in with your new password.',
  },
  loginRequired: { nl: 'Log eerst in.', en: 'Please log in first.' },
  domainMissingForHosting: { nl: 'Kies eerst een domeinnaam.', en: 'First choose a domain name.' },
  hostingRequired: {
    nl: 'Kies eerst een hostingpakket voor deze domeinnaam.',
    en: 'First choose a hosting package for this domain name.',
  },
  extraAlreadyActive: {
    nl: 'Deze extra dienst is al actief op het hostingpakket van deze domeinnaam.',
    en: 'This extra service is already active on the hosting package of this domain name.',
  },
  transferCodeNeedsTransfer: {
    nl: 'Een verhuiscode hoort bij een domeinnaam die je naar ons verhuist.',
    en: 'A transfer code belongs to a domain name you transfer to us.',
  },
  serviceTypeNotOffered: {
    nl: 'Deze keuze is er niet voor deze domeinnaam: je hebt hem al.',
    en: 'This choice is not available for this domain name: you own it already.',
  },
  notATransfer: { nl: 'Deze domeinnaam wordt niet verhuisd.', en: 'This domain name is not being transferred.' },
  discountCodeInvalid: {
    nl: 'Deze kortingscode is onbekend of niet (meer) geldig.',
    en: 'This discount code is unknown or no longer valid.',
  },
  transferOwnerUnconfirmed: {
    nl: 'Je hebt nog niet aangevinkt dat je de eigenaar van de te verhuizen domeinnaam bent en dat je deze naar ons wilt verhuizen. Vink dit aan om verder te gaan.',
    en: 'You have not yet confirmed that you are the owner of the domain name to be transferred and that you want to transfer it to us. Tick the box to continue.',
  },
  addressNotFound: {
    nl: 'We kennen geen adres met deze postcode en dit huisnummer. Controleer ze, of vul de straat en plaats zelf in.',
    en: 'We know no address with this postcode and house number. Check them, or fill in the street and town yourself.',
  },
  addressLookupUnavailable: {
    nl: 'We konden het adres nu niet opzoeken. Vul de straat en plaats zelf in, of probeer het zo opnieuw.',
    en: 'We could not look up the address right now. Fill in the street and town yourself, or try again shortly.',
  },
  resellerOnly: { nl: 'Dit kan alleen met een reseller-account.', en: 'Only a reseller account can do this.' },
  apiKeyRequired: { nl: 'Geef een geldige API-sleutel mee (Authorization: Bearer).', en: 'Send a valid API key (Authorization: Bearer).' },
  apiKeyScope: { nl: 'Deze API-sleutel mag dit niet.', en: 'This API key may not do this.' },
  apiKeyLimit: {
    nl: 'Je hebt al {max} actieve API-sleutels, het maximum. Trek een sleutel in die je niet meer gebruikt en maak dan een nieuwe aan.',
    en: 'You already have {max} active API keys, the maximum. Revoke a key you no longer use, then create a new one.',
  },
  ...checkoutMessages,
  ...orderMessages,
  ...dnsMessages,
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof messages;

/** The message in `locale`, with `{name}` placeholders filled from `params`. */
export function message(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  const template: string = messages[key][locale];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
