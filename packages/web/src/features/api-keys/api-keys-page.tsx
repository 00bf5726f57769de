import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApiKey, TApiKeyCreated } from '@kavel/core';
import { apiKeyContracts, resellerApiDocContracts } from '@kavel/core/contracts/reseller-api';
import { ApiError, call } from '../../api/client.ts';
import { locale } from '../../i18n/locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { formatDate } from '../account-area/format-date.ts';
import { ApiKeyForm } from './api-key-form.tsx';
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
  const [created, setCreated] = useState<TApiKeyCreated | null>(null);
  const revoke = useMutation({
    mutationFn: (id: number): Promise<TApiKey> => call(apiKeyContracts.revokeApiKey, { params: { id: String(id) } }),
    meta: { inlineErrors: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEYS_QUERY }),
  });

  return (
    <div className="api-keys">
      <p>
        {t('apiKeys.intro')} <a href={resellerApiDocContracts.resellerApiDocs.path}>{t('apiKeys.docs')}</a>
      </p>

      <ApiKeyForm
        onStart={() => setCreated(null)}
        onCreated={(answer) => {
          setCreated(answer);
          void queryClient.invalidateQueries({ queryKey: KEYS_QUERY });
        }}
      />

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
