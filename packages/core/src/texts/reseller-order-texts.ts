import type { Locale } from '../money.ts';

/**
 * Texts of the reseller order page (`/bestelprocedure-reseller`, spec 000 sections 1, 4 and 6,
 * spec 001 section 4). Apart from the shared dictionary so that only the reseller page's chunk
 * carries them; the parts it shares with the shop's order page keep the shared texts.
 */
const nl = {
  title: 'Bestellen als reseller',
  loginNeeded: 'Deze bestelprocedure is voor resellers. Log in met je reseller-account om te bestellen.',
  toShop: 'Naar de gewone bestelprocedure',
  priceList: 'Staffel {staffel}',
  priceListIntroduction: 'Staffel {staffel} · introductiekorting {percent}% op het eerste jaar',
  priceListDiscounts: '{domain}% korting op domeinnamen, {hosting}% op resellerhosting.',
  servicesIntro: 'Kies per domeinnaam een resellerpakket, of bestel alleen de domeinnaam.',
  packagesNote: 'Prijzen per maand, exclusief 21% btw, met de korting van je staffel.',
  transferIntro: 'Om {domain} te verhuizen hebben we de verhuiscode van je huidige provider nodig.',
  transferCodeNeeded: 'Vul de verhuiscode in.',
  transferSaved: 'Verhuizing opgeslagen.',
};

const en: Record<keyof typeof nl, string> = {
  title: 'Order as a reseller',
  loginNeeded: 'This order flow is for resellers. Log in with your reseller account to order.',
  toShop: 'To the regular order flow',
  priceList: 'Staffel {staffel}',
  priceListIntroduction: 'Staffel {staffel} · introduction discount {percent}% on the first year',
  priceListDiscounts: '{domain}% off domain names, {hosting}% off reseller hosting.',
  servicesIntro: 'Choose a reseller package for each domain name, or order the domain name only.',
  packagesNote: 'Prices per month, excluding 21% VAT, with the discount of your staffel.',
  transferIntro: 'To transfer {domain} we need the transfer code from your current provider.',
  transferCodeNeeded: 'Enter the transfer code.',
  transferSaved: 'Transfer saved.',
};

export type ResellerOrderTextKey = keyof typeof nl;
export const resellerOrderTexts: Record<Locale, Record<ResellerOrderTextKey, string>> = { nl, en };
