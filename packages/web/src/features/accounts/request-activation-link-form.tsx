import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZEmailRequest } from '@kavel/core';
import { errorMessage } from '../../app/error-message.ts';
import { fieldMessage } from '../../i18n/use-field-message.ts';
import { useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { accountsApi } from './accounts-api.ts';

/** After a dead activation link: a new link to the address, if an account there awaits activation. */
export function RequestActivationLinkForm() {
  const t = useT();
  const { register, handleSubmit, formState, setError } = useForm({ resolver: zodResolver(ZEmailRequest), defaultValues: { email: '' } });
  const [sent, setSent] = useState(false);

  const submit = handleSubmit(async ({ email }) => {
    try {
      await accountsApi.resendActivation(email);
      setSent(true);
    } catch (error) {
      setError('email', { type: 'server', message: errorMessage(error, t) }, { shouldFocus: true });
    }
  });

  if (sent) return <Alert tone="success">{t('activatePage.requested')}</Alert>;
  return (
    <form className="account-form" onSubmit={(event) => void submit(event)} noValidate data-testid="request-activation-form">
      <h2 className="account-form__title">{t('activatePage.requestTitle')}</h2>
      <p className="muted">{t('activatePage.requestIntro')}</p>
      <Field label={t('field.email')} type="email" autoComplete="email" {...register('email')} error={fieldMessage(formState.errors.email?.message)} />
      <div className="form-actions">
        <Button type="submit" busy={formState.isSubmitting}>
          {t('activatePage.requestSubmit')}
        </Button>
      </div>
    </form>
  );
}
