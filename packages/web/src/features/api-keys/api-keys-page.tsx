import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_KEY_SCOPES, type TApiKey, type TApiKeyCreated, type TApiKeyScope } from '@kavel/core';
import { apiKeyContracts, resellerApiDocContracts } from '@kavel/core/contracts/reseller-api';
import { ApiError, call } from '../../api/client.ts';
import { locale } from '../../i18n/locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { formatDate } from '../account-area/format-date.ts';
import './api-keys.css';

const KEYS_QUERY = ['api-keys'] as const;

const errorText = (error: unknown) => (error instanceof ApiError ? (Object.values(error.body.fieldErrors ?? {})[0] ?? error.body.message) : String(error));

/**
 * A reseller's API keys (the reseller API's keys): make one with a name and its scopes (the
 * secret is shown this once), see each key's prefix, scopes and last use, and revoke it.
 */
export function ApiKeysPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: KEYS_QUERY, queryFn: (): Promise<TApiKey[]> => call(apiKeyContracts.apiKeys) });
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TApiKeyScope[]>(['availability:read', 'domains:read']);
  const [created, setCreated] = useState<TApiKeyCreated | null>(null);

  const create = useMutation({
    mutationFn: (): Promise<TApiKeyCreated> => call(apiKeyContracts.createApiKey, { body: { name, scopes } }),
    meta: { inlineErrors: true },
    onSuccess: (answer) => {
      setCreated(answer);
      setName('');
      void queryClient.invalidateQueries({ queryKey: KEYS_QUERY });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: number): Promise<TApiKey> => call(apiKeyContracts.revokeApiKey, { params: { id: String(id) } }),
    meta: { inlineErrors: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEYS_QUERY }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    create.mutate();
  };
  const toggle = (scope: TApiKeyScope, on: boolean) => setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));

  return (
    <div className="api-keys">
      <p>
        {t('apiKeys.intro')} <a href={resellerApiDocContracts.resellerApiDocs.path}>{t('apiKeys.docs')}</a>
      </p>

      <form className="api-keys__form" onSubmit={submit} noValidate>
        <Field label={t('apiKeys.name')} value={name} maxLength={80} required onChange={(event) => setName(event.target.value)} />
        <fieldset className="api-keys__scopes">
          <legend>{t('apiKeys.scopes')}</legend>
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="api-keys__scope">
              <input type="checkbox" checked={scopes.includes(scope)} onChange={(event) => toggle(scope, event.target.checked)} /> {t(`apiKeys.scope.${scope}`)} <code>{scope}</code>
            </label>
          ))}
        </fieldset>
        {create.error && <Alert tone="danger">{errorText(create.error)}</Alert>}
        <Button type="submit" busy={create.isPending}>
          {t('apiKeys.create')}
        </Button>
      </form>

      {created && (
        <Alert tone="success" data-testid="api-key-secret">
          <p>{t('apiKeys.secret')}</p>
          <code className="api-keys__secret">{created.secret}</code>
        </Alert>
      )}

      {keys.isPending && <Spinner label={t('common.loading')} />}
      {keys.error && <Alert tone="danger">{errorText(keys.error)}</Alert>}
      {revoke.error && <Alert tone="danger">{errorText(revoke.error)}</Alert>}
      {keys.data && keys.data.length === 0 && <p className="account-area__empty">{t('apiKeys.empty')}</p>}
      {keys.data && keys.data.length > 0 && (
        <ul className="account-list" data-testid="api-keys">
          {keys.data.map((key) => (
            <li key={key.id} className="account-item">
              <h2 className="account-item__title">{key.name}</h2>
              <dl className="account-item__details">
                <div className="account-item__detail">
                  <dt>{t('apiKeys.prefix')}</dt>
                  <dd>
                    <code>{key.prefix}_…</code>
                  </dd>
                </div>
                <div className="account-item__detail">
                  <dt>{t('apiKeys.scopes')}</dt>
                  <dd>{key.scopes.join(', ')}</dd>
                </div>
                <div className="account-item__detail">
                  <dt>{t('apiKeys.lastUsed')}</dt>
                  <dd>{key.lastUsedAt ? formatDate(key.lastUsedAt, locale) : t('apiKeys.never')}</dd>
                </div>
                {key.revokedAt && (
                  <div className="account-item__detail">
                    <dt>{t('apiKeys.revoked')}</dt>
                    <dd>{formatDate(key.revokedAt, locale)}</dd>
                  </div>
                )}
              </dl>
              {!key.revokedAt && (
                <Button variant="secondary" size="sm" className="account-item__link" busy={revoke.isPending && revoke.variables === key.id} onClick={() => revoke.mutate(key.id)}>
                  {t('apiKeys.revoke')} <span className="sr-only">{key.name}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
