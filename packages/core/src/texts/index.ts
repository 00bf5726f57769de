import { en } from './en.ts';
import { nl, type TextKey } from './nl.ts';
import type { Locale } from '../money.ts';

export type { TextKey };
export { nl };
export const texts: Record<Locale, Record<TextKey, string>> = { nl, en };

/** Fills `{name}` placeholders of a text; unknown names stay as they are. */
export function fillText(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Looks up a text and fills `{name}` placeholders. Holds both languages: the browser uses its own dictionary (web/src/i18n). */
export function translate(locale: Locale, key: TextKey, params?: Record<string, string | number>): string {
  return fillText(texts[locale][key], params);
}
