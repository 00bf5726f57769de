import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { API_KEY_SCOPES, ZApiKeyCreate, type TApiKeyCreate, type TApiKeyCreated } from '@kavel/core';
import { apiKeyContracts } from '@kavel/core/contracts/reseller-api';
import { call } from '../../api/client.ts';
import { fieldMessage } from '../../i18n/use-field-message.ts';
import { useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { applyServerErrors } from '../accounts/server-field-errors.ts';

const FIELDS = ['name', 'scopes'] as const;

interface ApiKeyFormProps {
  /** A key is being made: the previous secret is no longer shown. */
  onStart(): void;
  onCreated(created: TApiKeyCreated): void;
}

/**
 * A new API key: a name and at least one scope, checked before sending by the schema the route
 * parses (`ZApiKeyCreate`), each fault under its field; a refusal's field errors go there too,
 * the rest in a banner.
 */
export function ApiKeyForm({ onStart, onCreated }: ApiKeyFormProps) {
  const t = useT();
  const scopesErrorId = useId();
  const [banner, setBanner] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<TApiKeyCreate>({
    resolver: zodResolver(ZApiKeyCreate),
    defaultValues: { name: '', scopes: ['availability:read', 'domains:read'] },
  });
  const submit = handleSubmit(async (key) => {
    setBanner(null);
    onStart();
    try {
      const created: TApiKeyCreated = await call(apiKeyContracts.createApiKey, { body: key });
      reset({ name: '', scopes: key.scopes });
      onCreated(created);
    } catch (error) {
      setBanner(applyServerErrors(error, setError, [...FIELDS], t));
    }
  });
  const scopesError = fieldMessage(formState.errors.scopes?.message ?? formState.errors.scopes?.root?.message);

  return (
    <form className="api-keys__form" onSubmit={(event) => void submit(event)} noValidate data-testid="api-key-form">
      <Field label={t('apiKeys.name')} maxLength={80} required {...register('name')} error={fieldMessage(formState.errors.name?.message)} />
      <fieldset className="api-keys__scopes" aria-describedby={scopesError ? scopesErrorId : undefined}>
        <legend>{t('apiKeys.scopes')}</legend>
        {API_KEY_SCOPES.map((scope) => (
          <label key={scope} className="api-keys__scope">
            <input type="checkbox" value={scope} {...register('scopes')} /> {t(`apiKeys.scope.${scope}`)} <code>{scope}</code>
          </label>
        ))}
        {scopesError && (
          <p className="field__error" id={scopesErrorId}>
            {scopesError}
          </p>
        )}
      </fieldset>
      {banner && <Alert tone="danger">{banner}</Alert>}
      <Button type="submit" busy={formState.isSubmitting}>
        {t('apiKeys.create')}
      </Button>
    </form>
  );
}
