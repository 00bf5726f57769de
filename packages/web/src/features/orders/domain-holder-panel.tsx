import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TWhoisHolderForm } from '@kavel/core';
import { ApiError } from '../../api/client.ts';
import { useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { HolderAddress } from '../services/holder-address.tsx';
import { HolderFieldsForm } from '../services/holder-form.tsx';
import { ordersApi } from './orders-api.ts';

/**
 * The holder of the domain a delivered order brought in (spec 001 sections 2, 3 and 8), with a
 * form that changes it. A domain that is no longer the customer's shows nothing.
 */
export function DomainHolderPanel({ domain }: { domain: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const queryKey = ['domain-whois', domain];
  const whois = useQuery({ queryKey, queryFn: () => ordersApi.domainWhois(domain), retry: false });
  const [editing, setEditing] = useState(false);
  const [updated, setUpdated] = useState(false);

  if (whois.error instanceof ApiError && whois.error.status === 404) return null;

  const save = async (holder: TWhoisHolderForm) => {
    setUpdated(false);
    queryClient.setQueryData(queryKey, await ordersApi.updateDomainWhois(domain, holder));
    setEditing(false);
    setUpdated(true);
  };

  return (
    <section className="domain-holder" aria-labelledby="domain-holder-title" data-testid="domain-holder">
      <h2 className="domain-holder__title" id="domain-holder-title">
        {t('domainHolder.title')}
      </h2>
      {whois.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : !whois.data ? (
        <Alert tone="danger" data-testid="domain-holder-load-error">
          {t('domainHolder.loadFailed')}
        </Alert>
      ) : (
        <>
          <p>{t('domainHolder.intro', { domain: whois.data.domain })}</p>
          {updated && (
            <Alert tone="success" data-testid="domain-holder-updated">
              {t('domainHolder.updated')}
            </Alert>
          )}
          {editing ? (
            <>
              <HolderFieldsForm initial={whois.data.holder} onSave={save} submitLabel={t('domainHolder.save')} submitTestId="domain-holder-save" failureText={t('domainHolder.updateFailed')} />
              <Button variant="secondary" onClick={() => setEditing(false)} data-testid="domain-holder-cancel">
                {t('domainHolder.cancel')}
              </Button>
            </>
          ) : (
            <>
              <HolderAddress holder={whois.data.holder} />
              <Button variant="secondary" onClick={() => {
                  setEditing(true);
                  setUpdated(false);
                }} data-testid="domain-holder-edit">
                {t('domainHolder.edit')}
              </Button>
            </>
          )}
        </>
      )}
    </section>
  );
}
