import { fillText, orderAppTexts, type OrderAppTextKey } from '@kavel/core';
import { locale } from '../i18n/locale.ts';

export type OrderAppTranslate = (key: OrderAppTextKey, params?: Record<string, string | number>) => string;

const dictionary = orderAppTexts[locale];
const translate: OrderAppTranslate = (key, params) => fillText(dictionary[key], params);

/** The order app summary's texts in the page language (their own dictionary, loaded with that screen). */
export function useOrderAppT(): OrderAppTranslate {
  return translate;
}
