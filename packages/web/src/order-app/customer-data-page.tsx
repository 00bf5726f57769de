import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_COUNTRY_ID, STREET_NUMBER_ADDITION_LENGTH, ZCustomerDataForm, type TCustomerData, type TCustomerDataForm } from '@kavel/core';
import { sessionContracts } from '@kavel/core/contracts/session';
import { customerDataContracts } from '@kavel/core/contracts/customer-data';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, call } from '../api/client.ts';
import { navigate } from '../app/router.ts';
import { useAddressAutofill } from '../features/accounts/use-address-autofill.ts';
import { countryOptions, useCountries } from '../features/accounts/use-countries.ts';
import { applyServerErrors } from '../features/accounts/server-field-errors.ts';
import { fieldMessage } from '../i18n/use-field-message.ts';
import { useLocale, useT } from '../i18n/use-t.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';
import { SelectField } from '../ui/select-field.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { OrderAppLayout } from './order-app-layout.tsx';
import { ORDER_APP_PATHS } from './order-app-paths.ts';

type CustomerDataForm = UseFormReturn<TCustomerDataForm, unknown, z.output<typeof ZCustomerDataForm>>;

const EMPTY: TCustomerDataForm = {
  companyName: '',
  firstName: '',
  lastName: '',
  street: '',
  streetNumber: '',
  streetNumberAddition: '',
  postCode: '',
  city: '',
  countryId: DEFAULT_COUNTRY_ID,
  phoneNumber: '',
};
const FIELDS = Object.keys(EMPTY) as Path<TCustomerDataForm>[];

/**
 * `/bestellen/gegevens-invullen` ('Gegevens invullen', spec 001 sections 2 and 4): a spinner while
 * it checks the login; logged out goes to login, complete data goes on; otherwise the form,
 * prefilled with what the account holds. 'Doorgaan' saves and goes on.
 */
export function CustomerDataPage() {
  const t = useT();
  const loggedIn = useQuery({ queryKey: ['order-app', 'logged-in'], queryFn: () => call(sessionContracts.loggedIn), staleTime: 0 });
  const complete = useQuery({ queryKey: ['order-app', 'data-complete'], queryFn: () => call(customerDataContracts.customerDataComplete), enabled: loggedIn.data === true, staleTime: 0 });
  const data = useQuery({ queryKey: ['order-app', 'customer-data'], queryFn: () => call(customerDataContracts.customerData), enabled: complete.data === false, staleTime: 0 });

  useEffect(() => {
    if (loggedIn.data === false) navigate(ORDER_APP_PATHS.login, { replace: true });
    else if (complete.data === true) navigate(ORDER_APP_PATHS.summary, { replace: true });
  }, [loggedIn.data, complete.data]);

  const failed = loggedIn.isError || complete.isError || data.isError;
  return (
    <OrderAppLayout title={t('orderApp.customerData.title')} width="medium">
      <h1 className="order-app__title">{t('orderApp.customerData.title')}</h1>
      {failed ? (
        <Alert tone="danger" data-testid="customer-data-load-failed">
          {t('orderApp.customerData.loadFailed')}
        </Alert>
      ) : data.data ? (
        <CustomerDataFormView initial={data.data} />
      ) : (
        <Spinner label={t('common.loading')} />
      )}
    </OrderAppLayout>
  );
}

function CustomerDataFormView({ initial }: { initial: TCustomerData }) {
  const t = useT();
  const locale = useLocale();
  const countries = useCountries();
  const form: CustomerDataForm = useForm({ resolver: zodResolver(ZCustomerDataForm), mode: 'onTouched', defaultValues: { ...initial, countryId: initial.countryId || DEFAULT_COUNTRY_ID } });
  const { register, formState, handleSubmit, setError } = form;
  const errors = formState.errors;
  const [formErrors, setFormErrors] = useState<string[]>([]);
  useAddressAutofill(form);

  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      await call(customerDataContracts.updateCustomerData, { body: values });
      navigate(ORDER_APP_PATHS.summary);
    } catch (error) {
      const banner = applyServerErrors(error, setError, FIELDS, t);
      const listed = error instanceof ApiError ? (error.body.formErrors ?? []) : [];
      setFormErrors(listed.length > 0 ? listed : [banner]);
    }
  });

  const field = (name: keyof TCustomerDataForm) => ({ ...register(name), error: fieldMessage(errors[name]?.message) });
  return (
    <form className="order-app__card card account-form" onSubmit={(event) => void submit(event)} noValidate data-testid="customer-data-form">
      {formErrors.length > 0 && (
        <Alert tone="danger" data-testid="customer-data-errors">
          <ul className="order-app__form-errors">
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
          {t('orderApp.customerData.submit')}
        </Button>
      </div>
    </form>
  );
}
