import { en } from './en.ts';
import { nl, type TextKey } from './nl.ts';
import type { Locale } from '../money.ts';

export type { TextKey };
export const texts: Record<Locale, Record<TextKey, string>> = { nl, en };

/** Looks up a text and fills `{name}` placeholders. */
export function translate(locale: Locale, key: TextKey, params?: Record<string, string | number>): string {
  const template = texts[locale][key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
