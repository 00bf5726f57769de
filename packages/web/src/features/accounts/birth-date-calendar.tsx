import { DayPicker } from 'react-day-picker';
import { enGB, nl } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import type { Locale } from '@kavel/core';
import './birth-date-calendar.css';

/** `2026-11-23` -> a local date, or null for anything else. */
export function parseYmd(value: string | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12);
  return date.getMonth() === Number(match[2]) - 1 ? date : null;
}

/** A local date -> `2026-11-23` (spec 001 section 9: format Y-m-d). */
export function formatYmd(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

interface BirthDateCalendarProps {
  value: string;
  /** The last day that can be chosen (today: a birth date is never in the future). */
  max: string;
  locale: Locale;
  onSelect(value: string): void;
}

/**
 * The calendar of the birth date field, react-day-picker in the page's language: Dutch with the
 * week starting on Monday (spec 001 section 9), month and year as dropdowns because a birth
 * date lies decades back. Its own chunk, loaded when the calendar is first opened.
 */
export default function BirthDateCalendar({ value, max, locale, onSelect }: BirthDateCalendarProps) {
  const selected = parseYmd(value) ?? undefined;
  const last = parseYmd(max) ?? new Date();
  return (
    <DayPicker
      mode="single"
      locale={locale === 'en' ? enGB : nl}
      weekStartsOn={1}
      captionLayout="dropdown"
      startMonth={new Date(1900, 0)}
      endMonth={last}
      defaultMonth={selected ?? new Date(last.getFullYear() - 30, last.getMonth())}
      disabled={{ after: last }}
      selected={selected}
      onSelect={(date) => date && onSelect(formatYmd(date))}
      autoFocus
    />
  );
}
