import type { FormEvent } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';

interface SearchFormProps {
  value: string;
  onChange(value: string): void;
  onSubmit(): void;
  /** The Check button is disabled while the name is invalid or the catalogue is not there. */
  disabled: boolean;
  /** Why the name is refused, shown under the field (and announced) whenever there is a reason. */
  error: string | null;
}

export function SearchForm({ value, onChange, onSubmit, disabled, error }: SearchFormProps) {
  const t = useT();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    // The form is a polite live region: the reason under the field is read out when it appears.
    <form className="search-form" onSubmit={submit} role="search" noValidate aria-live="polite">
      <Field
        className="search-form__field"
        label={t('step1.inputLabel')}
        name="domain"
        type="text"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t('step1.placeholder')}
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={300}
        data-testid="domain-input"
        error={error}
        errorTestId="domain-input-error"
      />
      <Button type="submit" className="search-form__submit" disabled={disabled} data-testid="check-button">
        {t('step1.check')}
      </Button>
    </form>
  );
}
