import type { Locale } from '../money.ts';
import type { TOrderPeriod } from '../schemas/basket.ts';

/**
 * How a period is written, the one rule for every page, mail and invoice (spec 001 section 9:
 * MONTHLY 'maand', QUARTERLY 'kwartaal', YEARLY 'jaar'; spec 000: 1 or 5 years):
 * - `name`: 'maand', 'kwartaal', 'jaar', '5 jaar' ('Per {name}' heads the order app's prices);
 * - `per`: 'per maand' … 'per 5 jaar', after a price;
 * - `length`: '1 maand', '3 maanden', '1 jaar', '5 jaar', an invoice line's term.
 */
export type PeriodForm = 'name' | 'per' | 'length';

const NAMES: Record<Locale, Record<TOrderPeriod, string>> = {
  nl: { MONTHLY: 'maand', QUARTERLY: 'kwartaal', YEARLY: 'jaar', FIVE_YEARLY: '5 jaar' },
  en: { MONTHLY: 'month', QUARTERLY: 'quarter', YEARLY: 'year', FIVE_YEARLY: '5 years' },
};

const LENGTHS: Record<Locale, Record<TOrderPeriod, string>> = {
  nl: { MONTHLY: '1 maand', QUARTERLY: '3 maanden', YEARLY: '1 jaar', FIVE_YEARLY: '5 jaar' },
  en: { MONTHLY: '1 month', QUARTERLY: '3 months', YEARLY: '1 year', FIVE_YEARLY: '5 years' },
};

export function periodText(period: TOrderPeriod, form: PeriodForm, locale: Locale): string {
  if (form === 'length') return LENGTHS[locale][period];
  const name = NAMES[locale][period];
  return form === 'per' ? `per ${name}` : name;
}

/** The same with a capital, to begin a label ('Per maand'). */
export const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
