import { fillText, holderPageTexts, type HolderPageTextKey } from '@kavel/core';
import { locale } from '../../i18n/locale.ts';

export type HolderTranslate = (key: HolderPageTextKey, params?: Record<string, string | number>) => string;

const dictionary = holderPageTexts[locale];
const translate: HolderTranslate = (key, params) => fillText(dictionary[key], params);

/** The domain holder pages' texts in the page language (their own dictionary, loaded with these pages). */
export function useHolderT(): HolderTranslate {
  return translate;
}
