import { Link } from 'react-router';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TWhoisHolderForm } from '@kavel/core';
import { ApiError } from '../../api/client.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { LoadFailure } from '../account-area/account-list.tsx';
import { HolderAddress } from '../services/holder-address.tsx';
import { HolderFieldsForm } from '../services/holder-form.tsx';
import { HOLDERS_KEY, holderKey, holdersApi } from './holders-api.ts';
import { HolderDomains, type HolderDone } from './holder-domains.tsx';
import { holderHref, HOLDERS_PATH } from './holder-paths.ts';
import { useHolderT } from './holder-texts.ts';

export function BackToHolders() {
  const t = useHolderT();
  return (
    <p>
      <Link to={HOLDERS_PATH} data-testid="holders-back">
        {t('back')}
      </Link>
    </p>
  );
}

/** The form's own name field on the holder pages. */
function useLabelField() {
  const t = useHolderT();
  return { label: t('label'), hint: t('labelHint') };
}

/** `?id=nieuw`: a new holder of the customer's own; every fault of the form shows at once, under its field. */
export function NewHolderPage({ done }: { done: HolderDone }) {
  const t = useHolderT();
  const queryClient = useQueryClient();
  const labelField = useLabelField();
  const create = async (form: TWhoisHolderForm) => {
    const { id } = await holdersApi.create(form);
    await queryClient.invalidateQueries({ queryKey: HOLDERS_KEY });
    done(t('created'), holderHref(id));
  };
  return (
    <>
      <BackToHolders />
      <h2 className="holders__heading">{t('add')}</h2>
      <HolderFieldsForm labelField={labelField} onSave={create} submitLabel={t('create')} submitTestId="holder-create" failureText={t('failed')} />
    </>
  );
}

/** `?id=<holder>`: one of the customer's holders, its domains, and changing or deleting it. */
export function HolderDetailsPage({ id, done }: { id: number; done: HolderDone }) {
  const t = useHolderT();
  const queryClient = useQueryClient();
  const labelField = useLabelField();
  const holder = useQuery({ queryKey: holderKey(id), queryFn: () => holdersApi.holder(id), retry: false });
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState<string[] | null>(null);
  const askRemove = useMutation({ meta: { inlineErrors: true }, mutationFn: () => holdersApi.domainsOf(id), onSuccess: (answer) => setRemoving(answer.domains.map((entry) => entry.domain)) });
  const remove = useMutation({
    meta: { inlineErrors: true },
    mutationFn: () => holdersApi.remove(id),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: holderKey(id) });
      await queryClient.invalidateQueries({ queryKey: HOLDERS_KEY });
      setRemoving(null);
      done(t('removed'), HOLDERS_PATH);
    },
  });

  if (holder.isPending) return <Spinner label={t('details')} />;
  if (holder.isError) {
    const gone = holder.error instanceof ApiError && holder.error.status === 404;
    return (
      <>
        <BackToHolders />
        {gone ? <p data-testid="holder-not-found">{t('notFound')}</p> : <LoadFailure error={holder.error} onRetry={() => void holder.refetch()} />}
      </>
    );
  }
  const data = holder.data;
  const save = async (form: TWhoisHolderForm) => {
    const updated = await holdersApi.update(id, form);
    queryClient.setQueryData(holderKey(id), updated);
    await queryClient.invalidateQueries({ queryKey: HOLDERS_KEY });
    setEditing(false);
    // A holder that domains have goes to the registry: that takes a while (spec 001 section 8).
    done(updated.domains.length > 0 ? t('updated') : t('updatedNoDomains'));
  };

  return (
    <>
      <BackToHolders />
      <h2 className="holders__heading" data-testid="holder-label">
        {data.label}
      </h2>
      {editing ? (
        <>
          <HolderFieldsForm initial={data} labelField={labelField} onSave={save} submitLabel={t('save')} submitTestId="holder-save" failureText={t('failed')} />
          <Button variant="secondary" onClick={() => setEditing(false)} data-testid="holder-cancel">
            {t('cancel')}
          </Button>
        </>
      ) : (
        <>
          <HolderAddress holder={data} />
          <HolderDomains domains={data.domains} />
          <div className="form-actions">
            <Button onClick={() => setEditing(true)} data-testid="holder-edit">
              {t('edit')}
            </Button>
            <Button variant="secondary" busy={askRemove.isPending} onClick={() => askRemove.mutate()} data-testid="holder-remove">
              {t('remove')}
            </Button>
          </div>
          {askRemove.isError && <LoadFailure error={askRemove.error} onRetry={() => askRemove.mutate()} />}
        </>
      )}
      <Modal
        open={removing !== null}
        tone="warning"
        title={t('removeConfirmTitle')}
        onClose={() => setRemoving(null)}
        closeLabel={t('cancel')}
        actions={
          <Button busy={remove.isPending} onClick={() => remove.mutate()} data-testid="holder-remove-confirm">
            {t('remove')}
          </Button>
        }
        data-testid="holder-remove-modal"
      >
        <p>{t('removeConfirm', { label: data.label })}</p>
        {removing && removing.length > 0 && <p>{t('removeKeeps', { domains: removing.join(', ') })}</p>}
        {remove.isError && <p role="alert">{t('failed')}</p>}
      </Modal>
    </>
  );
}
