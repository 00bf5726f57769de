import { useId } from 'react';
import { fieldMessage } from '../../i18n/use-field-message.ts';
import { useT } from '../../i18n/use-t.ts';
import { Field } from '../../ui/field.tsx';
import type { DirectDebitForm } from './use-direct-debit-form.ts';

/** IBAN, account holder and the mandate checkbox for a first direct-debit order. */
export function DirectDebitFields({ form, disabled = false }: { form: DirectDebitForm; disabled?: boolean }) {
  const t = useT();
  const id = useId();
  const { register, formState } = form;
  const errors = formState.errors;
  const mandateError = fieldMessage(errors.mandateAccepted?.message);
  return (
    <fieldset className="direct-debit" disabled={disabled} data-testid="direct-debit">
      <legend className="direct-debit__legend">{t('checkout.mandate.title')}</legend>
      <div className="direct-debit__body">
        <div className="form-row">
          <Field
            label={t('checkout.mandate.iban')}
            hint={t('checkout.mandate.ibanHint')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...register('iban')}
            error={fieldMessage(errors.iban?.message)}
          />
          <Field label={t('checkout.mandate.accountHolder')} autoComplete="name" {...register('accountHolder')} error={fieldMessage(errors.accountHolder?.message)} />
        </div>
        <div className="checkbox-field">
          <label className="checkbox">
            <input type="checkbox" {...register('mandateAccepted')} aria-invalid={mandateError ? true : undefined} aria-describedby={mandateError ? `${id}-error` : undefined} />
            <span className="checkbox__label">{t('checkout.mandate.accept')}</span>
          </label>
          {mandateError && (
            <p className="field__error" id={`${id}-error`}>
              {mandateError}
            </p>
          )}
        </div>
      </div>
    </fieldset>
  );
}
