import { texts, validationMessage, type TextKey } from '@kavel/core';
import { locale } from './locale.ts';

const isTextKey = (value: string): value is TextKey => value in texts.nl;

/**
 * A form error in the page language: zod messages are validation keys, form-only rules use text
 * keys, and server messages arrive translated already (returned as they are).
 */
export function fieldMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return isTextKey(message) ? texts[locale][message] : validationMessage(locale, message);
}

export function useFieldMessage(): typeof fieldMessage {
  return fieldMessage;
}
