import { useMemo } from 'react';
import { useController, useWatch, type UseFormReturn } from 'react-hook-form';
import { registrationPasswordInputs, type TRegistrationDto, type ZRegistrationDto } from '@kavel/core';
import type { z } from 'zod';
import { fieldMessage } from '../../i18n/use-field-message.ts';
import { useLocale, useT } from '../../i18n/use-t.ts';
import { Field } from '../../ui/field.tsx';
import { BirthDateField } from './birth-date-field.tsx';
import { PasswordField } from './password-field.tsx';
import { isPasswordRuleMessage } from './password-rule.tsx';
import { RadioGroup } from '../../ui/radio-group.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { countryOptions, useCountries } from './use-countries.ts';
import { useAddressAutofill } from './use-address-autofill.ts';

export type RegistrationForm = UseFormReturn<TRegistrationDto, unknown, z.output<typeof ZRegistrationDto>>;

/** 'Your details': company or private, company name, salutation, names, date of birth. */
export function PersonFields({ form }: { form: RegistrationForm }) {
  const t = useT();
  const { register, control, formState } = form;
  const errors = formState.errors;
  const isCompany = useController({ control, name: 'isCompany' });
  const gender = useController({ control, name: 'gender' });
  return (
    <fieldset className="form-section">
      <legend className="form-section__title">{t('register.personal')}</legend>
      <RadioGroup
        legend={t('register.customerType')}
        name="isCompany"
        value={isCompany.field.value === false ? 'private' : 'company'}
        options={[
          { value: 'company', label: t('register.company') },
          { value: 'private', label: t('register.private') },
        ]}
        onChange={(value) => isCompany.field.onChange(value === 'company')}
      />
      {isCompany.field.value !== false && (
        <Field label={t('field.companyName')} autoComplete="organization" {...register('companyName')} error={fieldMessage(errors.companyName?.message)} />
      )}
      <RadioGroup
        legend={t('register.salutation')}
        name="gender"
        value={gender.field.value ?? 'M'}
        options={[
          { value: 'M', label: t('register.genderM') },
          { value: 'F', label: t('register.genderF') },
        ]}
        onChange={gender.field.onChange}
      />
      <div className="form-row">
        <Field label={t('field.firstName')} autoComplete="given-name" {...register('firstName')} error={fieldMessage(errors.firstName?.message)} />
        <Field label={t('field.lastName')} autoComplete="family-name" {...register('lastName')} error={fieldMessage(errors.lastName?.message)} />
      </div>
      <BirthDateField form={form} />
    </fieldset>
  );
}

/** 'Address': street, number and addition, postcode and city, country, phone. */
export function AddressFields({ form }: { form: RegistrationForm }) {
  const t = useT();
  const locale = useLocale();
  const countries = useCountries();
  const { register, formState } = form;
  const errors = formState.errors;
  const countryLabel = t('field.country');
  useAddressAutofill(form);
  return (
    <fieldset className="form-section">
      <legend className="form-section__title">{t('register.address')}</legend>
      <div className="form-row form-row--street">
        <Field label={t('field.street')} autoComplete="address-line1" {...register('street')} error={fieldMessage(errors.street?.message)} />
        <Field label={t('field.streetNumber')} inputMode="numeric" {...register('streetNumber')} error={fieldMessage(errors.streetNumber?.message)} />
        <Field
          label={t('field.streetNumberAddition')}
          maxLength={10}
          hint={t('field.optional')}
          {...register('streetNumberAddition')}
          error={fieldMessage(errors.streetNumberAddition?.message)}
        />
      </div>
      <div className="form-row form-row--city">
        <Field label={t('field.postCode')} autoComplete="postal-code" {...register('postCode')} error={fieldMessage(errors.postCode?.message)} />
        <Field label={t('field.city')} autoComplete="address-level2" {...register('city')} error={fieldMessage(errors.city?.message)} />
      </div>
      <div className="form-row">
        {countries.data ? (
          // Registered once the options exist, so the form's value (154) can be selected.
          <SelectField label={countryLabel} {...register('countryId')} options={countryOptions(countries.data, locale)} error={fieldMessage(errors.countryId?.message)} />
        ) : (
          <SelectField
            label={countryLabel}
            disabled
            value=""
            options={[{ value: '', label: t('common.loading') }]}
            error={countries.isError ? t('field.countriesFailed') : null}
          />
        )}
        <Field label={t('field.phoneNumber')} type="tel" autoComplete="tel" {...register('phoneNumber')} error={fieldMessage(errors.phoneNumber?.message)} />
      </div>
    </fieldset>
  );
}

/**
 * 'Login details': e-mail and password with the live rule. (A component of its own, like the other
 * sections, so fields register in page order and an invalid submit focuses the first one on the page.)
 */
export function LoginDetailsFields({ form }: { form: RegistrationForm }) {
  const t = useT();
  const locale = useLocale();
  const { register, control, formState } = form;
  const password = useWatch({ control, name: 'password' }) ?? '';
  // The words the schema judges the password against, so the live rule agrees with the submit.
  const [email, firstName, lastName, companyName, street, city] = useWatch({ control, name: ['email', 'firstName', 'lastName', 'companyName', 'street', 'city'] });
  const userInputs = useMemo(
    () => registrationPasswordInputs({ email, firstName, lastName, companyName, street, city }),
    [email, firstName, lastName, companyName, street, city],
  );
  // A rule's own message turns the rule red instead of being repeated.
  const passwordError = formState.errors.password?.message;
  const passwordText = isPasswordRuleMessage(passwordError, locale) ? null : fieldMessage(passwordError);
  return (
    <fieldset className="form-section">
      <legend className="form-section__title">{t('register.login')}</legend>
      <div className="form-row">
        <Field label={t('field.email')} type="email" autoComplete="email" {...register('email')} error={fieldMessage(formState.errors.email?.message)} />
        <PasswordField
          label={t('field.password')}
          autoComplete="new-password"
          maxLength={200}
          {...register('password')}
          rule={{ password, invalid: passwordError !== undefined, userInputs }}
          error={passwordText}
        />
      </div>
    </fieldset>
  );
}
