import { domainLabelRefusal, message, type Locale } from '@kavel/core';
import { HttpError } from '../../http/errors.ts';

/**
 * 'Ongeldige domeinnaam.' for a domain the basket cannot take, followed by the rule its name part
 * breaks in the words the search field uses (packages/core domain-name-texts), so a caller learns
 * why, as a visitor does.
 */
export function invalidDomainRefusal(locale: Locale, typed: string, extension: string): HttpError {
  const lower = typed.toLowerCase();
  const label = lower.endsWith(`.${extension}`) ? lower.slice(0, -(extension.length + 1)) : (lower.split('.')[0] ?? '');
  const reason = domainLabelRefusal(locale, label);
  const text = reason ? `${message(locale, 'invalidDomain')} ${reason}` : message(locale, 'invalidDomain');
  return new HttpError(400, text, { title: text });
}
