import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_COUNTRY_ID, EMPTY_CUSTOMER_DATA_FORM, STREET_NUMBER_ADDITION_LENGTH, ZCustomerDataForm, type TCustomerData, type TCustomerDataForm } from '@kavel/core';
import { customerDataContracts } from '@kavel/core/contracts/customer-data';
import { useState } from 'react';
import { useForm, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, call } from '../../api/client.ts';
import { fieldMessage } from '../../i18n/use-field-message.ts';
import { useLocale, useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { useAddressAutofill } from './use-address-autofill.ts';
import { countryOptions, useCountries } from './use-countries.ts';
import { applyServerErrors } from './server-field-errors.ts';

type CustomerDataFormState = UseFormReturn<TCustomerDataForm, unknown, z.output<typeof ZCustomerDataForm>>;

const FIELDS = Object.keys(EMPTY_CUSTOMER_DATA_FORM) as Path<TCustomerDataForm>[];

/**
 * The customer's own data (spec 001 section 5: the customer-data form with the address autofill),
 * prefilled with `initial` and saved with `klantgegevens`; the order app's 'Gegevens invullen' and
 * the account's data page. `onSaved` runs after the server took it.
 */
export function CustomerDataForm({ initial, submitLabel, onSaved, className = '' }: { initial: TCustomerData; submitLabel: string; onSaved: () => void; className?: string }) {
  const t = useT();
  const locale = useLocale();
  const countries = useCountries();
  const form: CustomerDataFormState = useForm({ resolver: zodResolver(ZCustomerDataForm), mode: 'onTouched', defaultValues: { ...initial, countryId: initial.countryId || DEFAULT_COUNTRY_ID } });
  const { register, formState, handleSubmit, setError } = form;
  const errors = formState.errors;
  const [formErrors, setFormErrors] = useState<string[]>([]);
  useAddressAutofill(form);

  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      await call(customerDataContracts.updateCustomerData, { body: values });
      onSaved();
    } catch (error) {
      const banner = applyServerErrors(error, setError, FIELDS, t);
      const listed = error instanceof ApiError ? (error.body.formErrors ?? []) : [];
      setFormErrors(listed.length > 0 ? listed : [banner]);
    }
  });

  const field = (name: keyof TCustomerDataForm) => ({ ...register(name), error: fieldMessage(errors[name]?.message) });
  return (
    <form className={`account-form ${className}`.trim()} onSubmit={(event) => void submit(event)} noValidate data-testid="customer-data-form">
      {formErrors.length > 0 && (
        <Alert tone="danger" data-testid="customer-data-errors">
          <ul className="form-errors">
            {formErrors.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </Alert>
      )}
      <fieldset className="form-section">
        <legend className="form-section__title">{t('orderApp.customerData.you')}</legend>
        <div className="form-row">
          <Field label={t('field.firstName')} autoComplete="given-name" {...field('firstName')} />
          <Field label={t('field.companyName')} autoComplete="organization" hint={t('field.optional')} {...field('companyName')} />
        </div>
        <div className="form-row">
          <Field label={t('field.lastName')} autoComplete="family-name" {...field('lastName')} />
          <Field label={t('field.phoneNumber')} type="tel" autoComplete="tel" {...field('phoneNumber')} />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend className="form-section__title">{t('orderApp.customerData.address')}</legend>
        <div className="form-row form-row--street">
          <Field label={t('field.postCode')} autoComplete="postal-code" {...field('postCode')} />
          <Field label={t('field.streetNumber')} inputMode="numeric" {...field('streetNumber')} />
          <Field label={t('field.streetNumberAddition')} maxLength={STREET_NUMBER_ADDITION_LENGTH} hint={t('field.optional')} {...field('streetNumberAddition')} />
        </div>
        <div className="form-row">
          {countries.data ? (
            <SelectField label={t('field.country')} {...register('countryId')} options={countryOptions(countries.data, locale)} error={fieldMessage(errors.countryId?.message)} />
          ) : (
            <SelectField label={t('field.country')} disabled value="" options={[{ value: '', label: t('common.loading') }]} error={countries.isError ? t('field.countriesFailed') : null} />
          )}
        </div>
        <div className="form-row form-row--city">
          <Field label={t('field.street')} autoComplete="address-line1" {...field('street')} />
          <Field label={t('field.city')} autoComplete="address-level2" {...field('city')} />
        </div>
      </fieldset>
      <div className="form-actions">
        <Button type="submit" busy={formState.isSubmitting} data-testid="customer-data-submit">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
