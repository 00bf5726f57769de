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
  orderPaymentEnded: {
    nl: 'De betaling is afgebroken of verlopen. Start een nieuwe betaling op de betaalstatus.',
    en: 'The payment was cancelled or has expired. Start a new payment on the payment status page.',
  },
  holderSubUser: {
    nl: 'Je bent ingelogd als subgebruiker en kunt daarom de domeinhouder niet wijzigen. Log in als gewone gebruiker.',
    en: 'You are logged in as a sub-user and therefore cannot change the domain holder. Log in as a normal user.',
  },
  mandateSubUser: {
    nl: 'Je bent ingelogd als subgebruiker en kunt daarom geen machtiging geven. Log in als gewone gebruiker.',
    en: 'You are logged in as a sub-user and therefore cannot give a mandate. Log in as a normal user.',
  },
  mandateExists: {
    nl: 'Je betaalt al via automatische incasso. Neem contact met ons op om je rekeningnummer te wijzigen.',
    en: 'You already pay by direct debit. Contact us to change your account number.',
  },
  orderDomainClaimed: {
    nl: 'Voor de domeinnaam {domain} loopt al een bestelling. Kies een andere naam of probeer het later nog eens.',
    en: 'An order for the domain name {domain} is already in progress. Choose another name or try again later.',
  },
  orderNotPaidOnline: { nl: 'Deze bestelling wordt niet online betaald.', en: 'This order is not paid online.' },
  paymentUnavailable: {
    nl: 'De betaalpagina is nu niet bereikbaar. Probeer het over een paar minuten opnieuw.',
    en: 'The payment page cannot be reached right now. Please try again in a few minutes.',
  },
  paymentReturnInvalid: { nl: 'Deze terugkeer van de betaalpagina is niet geldig.', en: 'This return from the payment page is not valid.' },
  paymentNotificationRejected: { nl: 'Ongeldige betaalmelding.', en: 'Invalid payment notification.' },
  orderAppDomainOwned: { nl: 'Dit domein is al in uw bezit.', en: 'This domain is already yours.' },
  orderAppProductUnknown: { nl: 'Dit product is niet (meer) te bestellen.', en: 'This product cannot be ordered (any more).' },
  orderAppNameInvalid: { nl: 'Deze domeinnaam is niet geldig.', en: 'This domain name is not valid.' },
  orderAppDomainNotYours: { nl: 'Dit domein staat niet op je account.', en: 'This domain is not in your account.' },
  orderAppAlreadyProtected: { nl: 'Dit domein wordt al beschermd door Cloudflare.', en: 'This domain is already protected by Cloudflare.' },
  orderAppChooseDomain: { nl: 'Kies een domein.', en: 'Choose a domain.' },
  orderAppTooManyNames: { nl: 'Dit certificaat kan niet zoveel namen bevatten.', en: 'This certificate cannot hold that many names.' },
  orderAppTransferCodeRequired: { nl: 'Vul de verhuiscode in.', en: 'Enter the transfer code.' },
  orderAppDataIncomplete: { nl: 'Vul eerst je gegevens aan.', en: 'Please complete your details first.' },
  orderAppPaymentRequired: { nl: 'Deze bestelling wordt eerst online betaald.', en: 'This order is paid online first.' },
  orderOnAccountNotYet: {
    nl: 'Deze bestelling wordt eerst online betaald. Op rekening of via automatische incasso bestellen kan zodra je een factuur bij ons hebt betaald.',
    en: 'This order is paid online first. Ordering on account or by direct debit is possible once you have paid an invoice with us.',
  },
  orderAppAvailabilityUnknown: {
    nl: 'De beschikbaarheid van dit domein is nu niet te controleren. Probeer het later nog eens.',
    en: 'The availability of this domain cannot be checked right now. Please try again later.',
  },
  orderAppWelcomePrice: { nl: 'Welkomstprijs eerste jaar', en: 'Welcome price for the first year' },
  orderAppWelcomeDiscount: { nl: 'Welkomstkorting eerste 6 maanden', en: 'Welcome discount for the first 6 months' },
} as const satisfies Record<string, Record<Locale, string>>;
