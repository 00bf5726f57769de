import { fillText, resellerOrderTexts, type ResellerOrderTextKey } from '@kavel/core';
import { locale } from '../../i18n/locale.ts';

export type ResellerTranslate = (key: ResellerOrderTextKey, params?: Record<string, string | number>) => string;

const dictionary = resellerOrderTexts[locale];
const translate: ResellerTranslate = (key, params) => fillText(dictionary[key], params);

/** The reseller order page's own texts in the page language (loaded with its chunk). */
export function useResellerT(): ResellerTranslate {
  return translate;
}
