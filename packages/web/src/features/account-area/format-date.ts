import type { Locale } from '@kavel/core';

/** An ISO date (or date-time) as '12 mrt 2027' / '12 Mar 2027', in Amsterdam time; '' when unreadable. */
export function formatDate(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'nl-NL', { dateStyle: 'medium', timeZone: 'Europe/Amsterdam' }).format(date);
}
