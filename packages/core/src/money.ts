/** Money is integer euro cents everywhere; prices in the catalogue exclude VAT. */
export const VAT_RATE_PERCENT = 21;
export const VAT_RATE = VAT_RATE_PERCENT / 100;

/** VAT on an amount excluding VAT, rounded half up to whole cents. */
export function vatOnCents(amountExcludingVat: number): number {
  return Math.round((amountExcludingVat * VAT_RATE_PERCENT) / 100);
}

export type Locale = 'nl' | 'en';

const formatters = new Map<Locale, Intl.NumberFormat>();

/** `1299` -> `€ 12,99` (nl) or `€12.99` (en). */
export function formatEuro(cents: number, locale: Locale): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale === 'nl' ? 'nl-NL' : 'en-IE', { style: 'currency', currency: 'EUR' });
    formatters.set(locale, formatter);
  }
  return formatter.format(cents / 100);
}
