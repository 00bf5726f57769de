import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useController } from 'react-hook-form';
import { todayInAmsterdam } from '@kavel/core';
import { fieldMessage } from '../../i18n/use-field-message.ts';
import { useLocale, useT } from '../../i18n/use-t.ts';
import { Spinner } from '../../ui/spinner.tsx';
import type { RegistrationForm } from './registration-fields.tsx';

// The calendar (react-day-picker and its date library) loads when it is opened, not with the form.
const BirthDateCalendar = lazy(() => import('./birth-date-calendar.tsx'));

/**
 * The optional birth date (spec 000 section 5, spec 001 section 9: Y-m-d, Dutch, week from
 * Monday). A text field that takes `jjjj-mm-dd` typed as it is, whatever the browser's own
 * date format (Chromium shows mm/dd/yyyy for a native date input when its language is English),
 * and a button beside it that opens an accessible calendar in the page's language.
 */
export function BirthDateField({ form }: { form: RegistrationForm }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const {
    field: { name, value, onChange, onBlur, ref },
    fieldState,
  } = useController({ control: form.control, name: 'birthDate' });
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const error = fieldMessage(fieldState.error?.message);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const calendarId = `${id}-calendar`;

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) toggle.current?.focus();
  };

  // A click elsewhere closes the calendar, as a popover does.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  // Escape closes the calendar wherever the focus is in the field: on a day, or still on the
  // button that opened it (the calendar takes the focus only once its code has loaded).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open || event.key !== 'Escape') return;
    event.stopPropagation();
    close(true);
  };

  return (
    <div className="field form-field--date birth-date" ref={root} onKeyDown={onKeyDown}>
      <label className="field__label" htmlFor={id}>
        {t('field.birthDate')}
      </label>
      <div className="birth-date__control">
        <input
          id={id}
          className="field__input"
          type="text"
          inputMode="numeric"
          autoComplete="bday"
          placeholder={t('field.datePlaceholder')}
          maxLength={10}
          name={name}
          ref={ref}
          value={value ?? ''}
          onChange={onChange}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
        />
        <button
          type="button"
          ref={toggle}
          className="birth-date__toggle"
          aria-label={t('field.birthDateCalendar')}
          aria-expanded={open}
          aria-controls={open ? calendarId : undefined}
          onClick={() => setOpen((was) => !was)}
          data-testid="birth-date-toggle"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <rect x="3" y="4.5" width="18" height="17" rx="2" />
            <path d="M3 9.5h18M8 2.5v4M16 2.5v4" />
          </svg>
        </button>
      </div>
      <p className="field__hint" id={hintId}>
        {t('field.birthDateHint')}
      </p>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
      {open && (
        <div className="birth-date__popover" id={calendarId} role="dialog" aria-label={t('field.calendar')} data-testid="birth-date-calendar">
          <Suspense fallback={<Spinner label={t('common.loading')} />}>
            <BirthDateCalendar
              value={value ?? ''}
              max={todayInAmsterdam()}
              locale={locale}
              onSelect={(chosen) => {
                onChange(chosen);
                close(true);
              }}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
