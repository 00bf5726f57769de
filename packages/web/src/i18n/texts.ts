import { fillText, nl, type Locale, type TextKey } from '@kavel/core';

/**
 * The page's dictionary. Dutch, the default language, is part of the first download; English is
 * a chunk of its own (`texts-en`), fetched only when the page is shown in English.
 */
let dictionary: Record<TextKey, string> = nl;

/** Makes `locale`'s texts the page's; resolves once they are in place (at once for Dutch). */
export async function loadTexts(locale: Locale): Promise<void> {
  dictionary = locale === 'en' ? (await import('./texts-en.ts')).en : nl;
}

/** A text of the page language with its `{name}` placeholders filled. */
export function text(key: TextKey, params?: Record<string, string | number>): string {
  return fillText(dictionary[key], params);
}

export const isTextKey = (value: string): value is TextKey => value in nl;
