import type { Locale } from '../money.ts';

/** Server messages of the order feature (merged into `messages.ts`). */
export const orderMessages = {
  orderSubUser: {
    nl: 'Je bent ingelogd als subgebruiker en kunt daarom niet bestellen. Log in als gewone gebruiker.',
    en: 'You are logged in as a sub-user and therefore cannot place orders. Log in as a normal user.',
  },
  orderBasketEmpty: { nl: 'Je selectie is leeg.', en: 'Your selection is empty.' },
  orderBasketChanged: {
    nl: 'Je selectie is intussen gewijzigd. Controleer je bestelling en probeer het opnieuw.',
    en: 'Your selection changed in the meantime. Check your order and try again.',
  },
  paymentMethodUnavailable: { nl: 'Deze betaalwijze is niet beschikbaar.', en: 'This payment method is not available.' },
  orderAlreadyPaid: { nl: 'Deze bestelling is al betaald.', en: 'This order has been paid already.' },
  holderSubUser: {
    nl: 'Je bent ingelogd als subgebruiker en kunt daarom de domeinhouder niet wijzigen. Log in als gewone gebruiker.',
    en: 'You are logged in as a sub-user and therefore cannot change the domain holder. Log in as a normal user.',
  },
  orderNotPaidOnline: { nl: 'Deze bestelling wordt niet online betaald.', en: 'This order is not paid online.' },
  paymentUnavailable: {
    nl: 'De betaalpagina is nu niet bereikbaar. Probeer het over een paar minuten opnieuw.',
    en: 'The payment page cannot be reached right now. Please try again in a few minutes.',
  },
  paymentReturnInvalid: { nl: 'Deze terugkeer van de betaalpagina is niet geldig.', en: 'This return from the payment page is not valid.' },
  paymentNotificationRejected: { nl: 'Ongeldige betaalmelding.', en: 'Invalid payment notification.' },
} as const satisfies Record<string, Record<Locale, string>>;
