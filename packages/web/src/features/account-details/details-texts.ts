import { accountDetailsTexts, fillText, type AccountDetailsTextKey } from '@kavel/core';
import { locale } from '../../i18n/locale.ts';

export type DetailsTranslate = (key: AccountDetailsTextKey, params?: Record<string, string | number>) => string;

const dictionary = accountDetailsTexts[locale];
const translate: DetailsTranslate = (key, params) => fillText(dictionary[key], params);

/** The data page's own texts in the page language (loaded with its chunk). */
export function useDetailsT(): DetailsTranslate {
  return translate;
}
