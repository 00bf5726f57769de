import type { Locale } from '../money.ts';

/**
 * Texts of the account's data page (`/account/gegevens`, where the order summary's admin-fee
 * notice leads: spec 001 section 2). Apart from the shared dictionary so that only the page's
 * chunk carries them.
 */
const nl = {
  fromShop: 'Pas hier je gegevens of je betaalwijze aan. Daarna ga je verder met je bestelling.',
  backToOrder: 'Terug naar je bestelling',
  save: 'Gegevens opslaan',
  saved: 'Je gegevens zijn opgeslagen.',
  subUser: 'Je bent ingelogd als subgebruiker. Alleen de eigenaar van het account kan deze gegevens en de betaalwijze wijzigen.',
  paymentTitle: 'Betaalwijze',
  paysByDirectDebit: 'Je betaalt via automatische incasso van rekening {iban}. Er komen geen administratiekosten bij je bestellingen.',
  paysOnAccount: 'Je betaalt op rekening. Voor een wijziging van een product dat je al hebt, rekenen we dan administratiekosten. Met automatische incasso betaal je die niet.',
  giveMandate: 'Automatische incasso instellen',
  mandateGiven: 'De machtiging is opgeslagen. Je volgende bestellingen betaal je via automatische incasso.',
  loadFailed: 'Je gegevens konden niet geladen worden. Vernieuw de pagina en probeer het opnieuw.',
};

const en: Record<keyof typeof nl, string> = {
  fromShop: 'Change your details or your payment method here, then go on with your order.',
  backToOrder: 'Back to your order',
  save: 'Save details',
  saved: 'Your details have been saved.',
  subUser: 'You are logged in as a sub-user. Only the owner of the account can change these details and the payment method.',
  paymentTitle: 'Payment method',
  paysByDirectDebit: 'You pay by direct debit from account {iban}. Your orders carry no administration fee.',
  paysOnAccount: 'You pay on account. A change to a product you already have then carries an administration fee. With direct debit you pay none.',
  giveMandate: 'Set up direct debit',
  mandateGiven: 'The mandate has been saved. You pay your next orders by direct debit.',
  loadFailed: 'Your details could not be loaded. Refresh the page and try again.',
};

export type AccountDetailsTextKey = keyof typeof nl;
export const accountDetailsTexts: Record<Locale, Record<AccountDetailsTextKey, string>> = { nl, en };
