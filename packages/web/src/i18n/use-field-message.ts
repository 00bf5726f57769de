import { validationMessage } from '@kavel/core';
import { locale } from './locale.ts';
import { isTextKey, text } from './texts.ts';

/**
 * A form error in the page language: zod messages are validation keys, form-only rules use text
 * keys, and server messages arrive translated already (returned as they are).
 */
export function fieldMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return isTextKey(message) ? text(message) : validationMessage(locale, message);
}

export function useFieldMessage(): typeof fieldMessage {
  return fieldMessage;
}
