import { dnsPageTexts, fillText, type DnsPageTextKey } from '@kavel/core';
import { locale } from '../../i18n/locale.ts';

export type DnsTranslate = (key: DnsPageTextKey, params?: Record<string, string | number>) => string;

const dictionary = dnsPageTexts[locale];
const translate: DnsTranslate = (key, params) => fillText(dictionary[key], params);

/** The DNS pages' texts in the page language (their own dictionary, loaded with these pages). */
export function useDnsT(): DnsTranslate {
  return translate;
}
