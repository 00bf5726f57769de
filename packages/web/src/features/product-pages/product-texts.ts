import { fillText, productPageTexts, type ProductPageTextKey } from '@kavel/core';
import { locale } from '../../i18n/locale.ts';

export type ProductTranslate = (key: ProductPageTextKey, params?: Record<string, string | number>) => string;

const dictionary = productPageTexts[locale];
const translate: ProductTranslate = (key, params) => fillText(dictionary[key], params);

/** The product pages' texts in the page language (their own dictionary, loaded with these pages). */
export function useProductT(): ProductTranslate {
  return translate;
}
