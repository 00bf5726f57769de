import { useState } from 'react';
import { useController, useForm, useWatch, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_HOLDER_COUNTRY, HOUSE_NUMBER_ADDITION_MAX_LENGTH, ZWhoisHolderForm, type TWhoisHolderForm, type TWhoisHolderFormInput } from '@kavel/core';
import { ApiError } from '../../api/client.ts';
import { fieldMessage } from '../../i18n/use-field-message.ts';
import { useLocale, useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { RadioGroup } from '../../ui/radio-group.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { applyServerErrors } from '../accounts/server-field-errors.ts';
import { useCountries } from '../accounts/use-countries.ts';
import { servicesLookupsApi } from './services-lookups-api.ts';
import '../accounts/accounts.css';

const DEFAULTS: TWhoisHolderFormInput = {
  label: '',
  isCompany: false,
  company: '',
  gender: 'M',
  forename: '',
  surname: '',
  street: '',
  houseNumber: '',
  houseNumberAdd: '',
  postcode: '',
  city: '',
  country: DEFAULT_HOLDER_COUNTRY,
  phone: '',
  email: '',
  vat: '',
};
const FIELDS = Object.keys(DEFAULTS) as Path<TWhoisHolderFormInput>[];

/** A new domain holder (spec 000 section 5): server field errors per field, a general one in a banner. */
export function HolderForm({ onCreated }: { onCreated(id: number): void }) {
  const t = useT();
  return <HolderFieldsForm submitLabel={t('services.holderCreate')} submitTestId="holder-create" onSave={async (holder) => onCreated((await servicesLookupsApi.createWhois(holder)).id)} />;
}

export interface HolderFieldsFormProps {
  /** Sends the form; a refusal it throws is shown in the form. */
  onSave(holder: TWhoisHolderForm): Promise<void>;
  submitLabel: string;
  submitTestId: string;
  /** The holder to start from; default an empty form for a private person in the Netherlands. */
  initial?: TWhoisHolderFormInput;
  /** The banner for a refusal without field errors (not a 400); default the server's message. */
  failureText?: string;
  /** The holder's own name in lists (the account's holder pages); without it the form has no such field. */
  labelField?: { label: string; hint: string };
}

/** The form's fields of a holder (an answer may carry more, like its id and domains). */
export function holderFormValues(holder: TWhoisHolderFormInput): TWhoisHolderFormInput {
  return Object.fromEntries(FIELDS.map((field) => [field, holder[field as keyof TWhoisHolderFormInput] ?? DEFAULTS[field as keyof TWhoisHolderFormInput]])) as TWhoisHolderFormInput;
}

/** The holder's fields (spec 001 section 5): field errors under their field, a general one in a banner. */
export function HolderFieldsForm({ onSave, submitLabel, submitTestId, initial = DEFAULTS, failureText, labelField }: HolderFieldsFormProps) {
  const t = useT();
  const locale = useLocale();
  const countries = useCountries();
  const form = useForm<TWhoisHolderFormInput, unknown, TWhoisHolderForm>({ resolver: zodResolver(ZWhoisHolderForm), mode: 'onTouched', defaultValues: holderFormValues(initial) });
  const { register, handleSubmit, setError, formState, control } = form;
  const errors = formState.errors;
  const isCompany = useWatch({ control, name: 'isCompany' });
  const gender = useController({ control, name: 'gender' });
  const [banner, setBanner] = useState<string | null>(null);
  const text = (name: Path<TWhoisHolderFormInput>) => ({ ...register(name), error: fieldMessage(errors[name as keyof typeof errors]?.message) });

  const submit = handleSubmit(async (holder) => {
    setBanner(null);
    try {
      await onSave(holder);
    } catch (error) {
      const badInput = error instanceof ApiError && error.status === 400;
      setBanner(badInput || !failureText ? applyServerErrors(error, setError, FIELDS, t) : failureText);
    }
  });

  const countryOptions = (countries.data ?? [{ id: 0, code: DEFAULT_HOLDER_COUNTRY, country: 'Nederland', country_en: 'Netherlands' }])
    .map((country) => ({ value: country.code, label: locale === 'en' ? country.country_en : country.country }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));

  return (
    <form className="holder-form" onSubmit={(event) => void submit(event)} noValidate data-testid="holder-form">
      {labelField && <Field label={labelField.label} hint={labelField.hint} {...text('label')} />}
      <label className="checkbox">
        <input type="checkbox" {...register('isCompany')} />
        <span className="checkbox__label">{t('holder.isCompany')}</span>
      </label>
      {isCompany === true && (
        <div className="form-row">
          <Field label={t('holder.company')} autoComplete="organization" {...text('company')} />
          <Field label={t('holder.vat')} hint={t('field.optional')} {...text('vat')} />
        </div>
      )}
      <RadioGroup
        legend={t('holder.gender')}
        name="holder-gender"
        value={gender.field.value ?? 'M'}
        options={[
          { value: 'M', label: t('holder.genderM') },
          { value: 'F', label: t('holder.genderF') },
        ]}
        onChange={gender.field.onChange}
      />
      <div className="form-row">
        <Field label={t('holder.forename')} autoComplete="given-name" {...text('forename')} />
        <Field label={t('holder.surname')} autoComplete="family-name" {...text('surname')} />
      </div>
      <div className="form-row form-row--street">
        <Field label={t('holder.street')} autoComplete="address-line1" {...text('street')} />
        <Field label={t('holder.houseNumber')} inputMode="numeric" {...text('houseNumber')} />
        <Field label={t('holder.houseNumberAdd')} hint={t('field.optional')} maxLength={HOUSE_NUMBER_ADDITION_MAX_LENGTH} {...text('houseNumberAdd')} />
      </div>
      <div className="form-row form-row--city">
        <Field label={t('holder.postcode')} autoComplete="postal-code" {...text('postcode')} />
        <Field label={t('holder.city')} autoComplete="address-level2" {...text('city')} />
      </div>
      <SelectField label={t('holder.country')} options={countryOptions} {...register('country')} error={fieldMessage(errors.country?.message)} />
      <div className="form-row">
        <Field label={t('holder.phone')} type="tel" autoComplete="tel" {...text('phone')} />
        <Field label={t('holder.email')} type="email" autoComplete="email" {...text('email')} />
      </div>
      {banner && (
        <Alert tone="danger" data-testid="holder-error">
          {banner}
        </Alert>
      )}
      <div className="form-actions">
        <Button type="submit" busy={formState.isSubmitting} data-testid={submitTestId}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
