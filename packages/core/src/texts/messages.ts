import type { Locale } from '../money.ts';

/** Messages the server answers with, in the visitor's language. */
const messages = {
  csrf: {
    nl: 'Je sessie is verlopen of het formulier is ongeldig. Laad de pagina opnieuw en probeer het nog eens.',
    en: 'Your session has expired or the form is invalid. Reload the page and try again.',
  },
  validation: { nl: 'Controleer de ingevulde gegevens.', en: 'Please check the details you entered.' },
  rateLimited: { nl: 'Te veel verzoeken. Wacht even en probeer het opnieuw.', en: 'Too many requests. Wait a moment and try again.' },
  notFound: { nl: 'Niet gevonden.', en: 'Not found.' },
  internal: { nl: 'Er is iets misgegaan. Probeer het later nog eens.', en: 'Something went wrong. Please try again later.' },
  invalidDomain: { nl: 'Ongeldige domeinnaam.', en: 'Invalid domain name.' },
  unknownProduct: { nl: 'Dit product bestaat niet (meer).', en: 'This product does not exist (any more).' },
  domainUnavailable: {
    nl: 'Deze domeinnaam kan nu niet geregistreerd of verhuisd worden.',
    en: 'This domain name cannot be registered or transferred right now.',
  },
  availabilityUnknown: {
    nl: 'We konden de beschikbaarheid nu niet controleren. Probeer het zo opnieuw.',
    en: 'We could not check the availability right now. Please try again shortly.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof messages;

export function message(locale: Locale, key: MessageKey): string {
  return messages[key][locale];
}
