import { formatEuro, periodText, type Locale, type PeriodForm, type TextKey, type TOrderPeriod } from '@kavel/core';
import { locale } from './locale.ts';
import { text } from './texts.ts';

export type Translate = (key: TextKey, params?: Record<string, string | number>) => string;

const t: Translate = text;
const euro = (cents: number): string => formatEuro(cents, locale);

/** The texts of the page language. A hook so a later in-page language change stays a local edit. */
export function useT(): Translate {
  return t;
}

export function useLocale(): Locale {
  return locale;
}

/** Cents -> `€ 12,99` in the page language. */
export function useEuro(): (cents: number) => string {
  return euro;
}

const period = (value: TOrderPeriod, form: PeriodForm): string => periodText(value, form, locale);

/** A period in the page language, by core's one rule (`periodText`): 'per maand', '5 jaar', '3 maanden'. */
export function usePeriodText(): (value: TOrderPeriod, form: PeriodForm) => string {
  return period;
}
