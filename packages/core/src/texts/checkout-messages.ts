import type { Locale } from '../money.ts';

/**
 * Server messages of the checkout feature (merged into `messages.ts`): the reasons basket
 * validation fails (shown in the order error modal, spec 000 section 8) and the refusals of the
 * smart benefits and the account's extra-services form. `{domain}` names the domain concerned.
 */
export const checkoutMessages = {
  checkoutBasketEmpty: {
    nl: 'Je selectie is leeg. Kies eerst een domeinnaam om te bestellen.',
    en: 'Your selection is empty. First choose a domain name to order.',
  },
  checkoutSubUser: {
    nl: 'Je bent ingelogd als medewerker van een ander account en kunt daarom niet bestellen. Vraag de eigenaar van het account om de bestelling te plaatsen.',
    en: 'You are logged in as a user of someone else’s account and therefore cannot place orders. Ask the account owner to place the order.',
  },
  checkoutHostingWithoutDomain: {
    nl: 'Je selectie bevat een hostingpakket zonder domeinnaam. Kies eerst een domeinnaam voor het pakket.',
    en: 'Your selection holds a hosting package without a domain name. First choose a domain name for the package.',
  },
  checkoutTransferCodeMissing: {
    nl: 'Om {domain} naar ons te verhuizen hebben we de verhuiscode nodig. Vul de code in die je van je huidige provider hebt gekregen.',
    en: 'To transfer {domain} to us we need the transfer code. Enter the code you received from your current provider.',
  },
  checkoutRegisteredMeanwhile: {
    nl: '{domain} is inmiddels door iemand anders geregistreerd en is uit je selectie gehaald.',
    en: '{domain} has meanwhile been registered by someone else and has been removed from your selection.',
  },
  checkoutNoLongerAvailable: {
    nl: '{domain} kan op dit moment niet geregistreerd worden en is uit je selectie gehaald.',
    en: '{domain} cannot be registered at the moment and has been removed from your selection.',
  },
  checkoutTransferNotRegistered: {
    nl: '{domain} is niet (meer) geregistreerd en kan daarom niet verhuisd worden. Verwijder de domeinnaam en voeg hem opnieuw toe om hem te registreren.',
    en: '{domain} is not registered (any more), so it cannot be transferred. Remove the domain name and add it again to register it.',
  },
  checkoutTransferInShop: {
    nl: '{domain} staat al bij ons en kan daarom niet naar ons verhuisd worden. Verwijder de domeinnaam uit je selectie.',
    en: '{domain} is already with us, so it cannot be transferred to us. Remove the domain name from your selection.',
  },
  checkoutTransferUnavailable: {
    nl: '{domain} kan op dit moment niet verhuisd worden. Verwijder de domeinnaam uit je selectie of probeer het later opnieuw.',
    en: '{domain} cannot be transferred at the moment. Remove the domain name from your selection or try again later.',
  },
  checkoutAvailabilityUnknown: {
    nl: 'We konden de beschikbaarheid van {domain} nu niet controleren. Probeer het over een paar minuten opnieuw.',
    en: 'We could not check the availability of {domain} right now. Please try again in a few minutes.',
  },
  checkoutHolderIncomplete: {
    nl: 'Je gegevens zijn niet compleet genoeg om {domain} op jouw naam te registreren. Vul je naam, adres en telefoonnummer aan in je account, of kies een andere domeinhouder.',
    en: 'Your details are not complete enough to register {domain} in your name. Complete your name, address and phone number in your account, or choose another domain holder.',
  },
  checkoutHolderUnknown: {
    nl: 'De gekozen domeinhouder voor {domain} bestaat niet (meer). Kies een andere domeinhouder.',
    en: 'The domain holder chosen for {domain} does not exist (any more). Choose another domain holder.',
  },
  checkoutProposalChanged: {
    nl: 'Dit aanbod past niet meer bij je selectie. Bekijk je bestelling en probeer het opnieuw.',
    en: 'This offer no longer fits your selection. Review your order and try again.',
  },
  checkoutSslNeedsHosting: {
    nl: 'Een SSL-certificaat hoort bij een hostingpakket. Kies ook het hostingpakket voor {domain}, of laat het certificaat weg.',
    en: 'An SSL certificate comes with a hosting package. Also choose the hosting package for {domain}, or leave out the certificate.',
  },
  checkoutSamePackage: {
    nl: 'Dit is al het pakket van dit hostingaccount. Kies een ander pakket.',
    en: 'This is already the package of this hosting account. Choose another package.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
