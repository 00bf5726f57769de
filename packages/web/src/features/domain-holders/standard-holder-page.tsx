import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ZStandardHolderForm, type TStandardHolder, type TStandardHolderForm, type TStandardHolderFormInput } from '@kavel/core';
import { ApiError } from '../../api/client.ts';
import { fieldMessage } from '../../i18n/use-field-message.ts';
import { useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { applyServerErrors } from '../accounts/server-field-errors.ts';
import { LoadFailure } from '../account-area/account-list.tsx';
import { BackToHolders } from './holder-details.tsx';
import { HOLDERS_KEY, holderKey, holdersApi } from './holders-api.ts';
import { HolderDomains, type HolderDone } from './holder-domains.tsx';
import { useHolderT } from './holder-texts.ts';

const FIELDS = ['label', 'email', 'phone'] as const;

function StandardHolderForm({ holder, done }: { holder: TStandardHolder; done: HolderDone }) {
  const t = useHolderT();
  const tc = useT();
  const queryClient = useQueryClient();
  const [banner, setBanner] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<TStandardHolderFormInput, unknown, TStandardHolderForm>({
    resolver: zodResolver(ZStandardHolderForm),
    mode: 'onTouched',
    defaultValues: { label: holder.label, email: holder.email, phone: holder.phone },
  });
  const errors = formState.errors;
  const submit = handleSubmit(async (form) => {
    setBanner(null);
    try {
      const saved = await holdersApi.updateStandard(form);
      queryClient.setQueryData(holderKey('standard'), saved);
      await queryClient.invalidateQueries({ queryKey: HOLDERS_KEY });
      done(saved.domains.length > 0 ? t('updated') : t('updatedNoDomains'));
    } catch (error) {
      setBanner(error instanceof ApiError && error.status === 400 ? applyServerErrors(error, setError, [...FIELDS], tc) : t('failed'));
    }
  });
  return (
    <form className="holder-form" onSubmit={(event) => void submit(event)} noValidate data-testid="standard-holder-form">
      <Field label={t('label')} hint={t('labelHint')} {...register('label')} error={fieldMessage(errors.label?.message)} />
      <div className="form-row">
        <Field label={t('email')} type="email" autoComplete="email" {...register('email')} error={fieldMessage(errors.email?.message)} />
        <Field label={t('phone')} type="tel" autoComplete="tel" {...register('phone')} error={fieldMessage(errors.phone?.message)} />
      </div>
      {banner && (
        <Alert tone="danger" data-testid="holder-error">
          {banner}
        </Alert>
      )}
      <div className="form-actions">
        <Button type="submit" busy={formState.isSubmitting} data-testid="standard-holder-save">
          {t('save')}
        </Button>
      </div>
    </form>
  );
}

/** `?id=standard`: the standard holder's own name, e-mail address and phone (spec 001 section 3); the address is the account's. */
export function StandardHolderPage({ done }: { done: HolderDone }) {
  const t = useHolderT();
  const standard = useQuery({ queryKey: holderKey('standard'), queryFn: holdersApi.standard });
  return (
    <>
      <BackToHolders />
      <h2 className="holders__heading">{t('standardTitle')}</h2>
      <p className="muted">{t('standardIntro')}</p>
      {standard.isPending ? (
        <Spinner label={t('standardTitle')} />
      ) : standard.isError ? (
        <LoadFailure error={standard.error} onRetry={() => void standard.refetch()} />
      ) : (
        <>
          <StandardHolderForm holder={standard.data} done={done} />
          <HolderDomains domains={standard.data.domains} />
        </>
      )}
    </>
  );
}
