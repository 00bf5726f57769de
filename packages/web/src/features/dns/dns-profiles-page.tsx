import { Link } from 'react-router';
import { PROFILE_MX_PRIORITIES, type TDnsProfile, type TDnsRecord } from '@kavel/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { navigate } from '../../app/router.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { LoadFailure } from '../account-area/account-list.tsx';
import { dnsManagementHref } from '../account-area/account-area-paths.ts';
import { profileApi } from './dns-api.ts';
import { failureNotice, type DnsNotice } from './dns-failure.ts';
import { DnsNoticeModal } from './dns-notice.tsx';
import { useDnsT } from './dns-texts.ts';
import { ProfileNameForm } from './profile-name-form.tsx';
import { dnsProfilesHref } from './profile-tools.tsx';
import { RecordForm } from './record-form.tsx';
import { RecordTable } from './record-table.tsx';
import './dns.css';

const PROFILES_KEY = ['dns-profiles-full'];

/** `/account/dns-profiles?name=&profileId=`: the account's DNS profiles and their records (spec 001 sections 2, 5 and 8). */
export function DnsProfilesPage({ domain, profileId }: { domain: string; profileId: number | null }) {
  const t = useDnsT();
  const queryClient = useQueryClient();
  const profiles = useQuery({ queryKey: PROFILES_KEY, queryFn: profileApi.list });
  const [notice, setNotice] = useState<DnsNotice>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [adding, setAdding] = useState(0);
  const [confirmDelete, setConfirmDelete] = useState<TDnsProfile | null>(null);

  const change = useMutation({
    // Failures show in the page's own 'Fout!' modal, not in the order-error modal.
    meta: { inlineErrors: true },
    mutationFn: (action: { run: () => Promise<TDnsProfile[]>; done: string; afterwards?: (list: TDnsProfile[]) => void }) => action.run(),
    onSuccess: (list, action) => {
      queryClient.setQueryData(PROFILES_KEY, list);
      setEditing(null);
      action.afterwards?.(list);
      setNotice({ kind: 'success', text: action.done });
    },
    onError: (error) => setNotice(failureNotice(error, t)),
  });
  const busy = change.isPending;

  if (profiles.isPending) return <Spinner label={t('profilesTitle')} />;
  if (profiles.isError) return <LoadFailure error={profiles.error} onRetry={() => void profiles.refetch()} />;
  const list = profiles.data;
  const selected = list.find((profile) => profile.id === profileId) ?? list[0] ?? null;

  const create = async (name: string) => {
    try {
      await change.mutateAsync({
        run: () => profileApi.create(name),
        done: t('profileCreated'),
        afterwards: (next) => {
          const created = next.at(-1);
          if (created) navigate(dnsProfilesHref(domain, created.id));
        },
      });
      return true;
    } catch {
      // The page's 'Fout!' modal says why (the mutation's onError).
      return false;
    }
  };
  // The record forms wait for the answer: a refusal marks the refused field after the 'Fout!' modal.
  const addRecord = async (record: TDnsRecord) => selected && change.mutateAsync({ run: () => profileApi.addRecord(selected.id, record), done: t('created'), afterwards: () => setAdding((n) => n + 1) });
  const saveRecord = async (recordId: number, record: TDnsRecord) => selected && change.mutateAsync({ run: () => profileApi.updateRecord(selected.id, recordId, record), done: t('updated') });
  const removeRecord = (recordId: number) => selected && change.mutate({ run: () => profileApi.removeRecord(selected.id, recordId), done: t('removedDone') });

  return (
    <div className="dns-page" data-testid="dns-profiles-page">
      {domain !== '' && (
        <p>
          <Link to={dnsManagementHref(domain)} data-testid="dns-back">
            {t('backToOverview')}
          </Link>
        </p>
      )}
      {list.length === 0 ? (
        <p className="account-area__empty" data-testid="dns-profiles-empty">
          {t('noProfiles')}
        </p>
      ) : (
        <nav aria-label={t('profilesTitle')}>
          <ul className="dns-profile-list">
            {list.map((profile) => (
              <li key={profile.id}>
                <Link to={dnsProfilesHref(domain, profile.id)} aria-current={profile.id === selected?.id ? 'page' : undefined}>
                  {profile.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}

      {selected && (
        <section aria-labelledby="dns-profile-heading" className="dns-page__section" data-testid="dns-profile" data-profile={selected.name}>
          <h2 id="dns-profile-heading">{t('profileRecords', { name: selected.name })}</h2>
          {selected.records.length === 0 ? (
            <p className="muted">{t('profileEmpty')}</p>
          ) : (
            <RecordTable
              records={selected.records.map((record) => ({ ...record, ttl: record.ttl ?? 3600 }))}
              readOnly={false}
              editing={editing}
              busy={busy}
              priorities={PROFILE_MX_PRIORITIES}
              onEdit={setEditing}
              onSave={saveRecord}
              onDelete={(record) => removeRecord(record.id)}
            />
          )}
          <h3 className="dns-preview__title">{t('addHeading')}</h3>
          <RecordForm key={`${selected.id}-${adding}`} priorities={PROFILE_MX_PRIORITIES} busy={busy} submitLabel={t('add')} onSubmit={addRecord} data-testid="dns-profile-add-form" />
          <p className="field__hint">{t('hintProfile')}</p>
          <div className="dns-page__tools">
            <Button variant="secondary" size="sm" onClick={() => setConfirmDelete(selected)} disabled={busy}>
              {t('deleteProfile', { name: selected.name })}
            </Button>
          </div>
        </section>
      )}

      <section aria-labelledby="dns-new-profile-heading" className="dns-page__section">
        <h2 id="dns-new-profile-heading">{t('newProfile')}</h2>
        <ProfileNameForm submitLabel={t('createProfile')} busy={busy} onSave={create} data-testid="dns-new-profile" />
      </section>

      <DnsNoticeModal notice={notice} onClose={() => setNotice(null)} />
      <Modal
        open={confirmDelete !== null}
        tone="warning"
        title={t('profilesTitle')}
        onClose={() => setConfirmDelete(null)}
        closeLabel={t('cancel')}
        data-testid="dns-confirm"
        actions={
          <Button
            onClick={() => {
              const profile = confirmDelete;
              setConfirmDelete(null);
              if (profile) change.mutate({ run: () => profileApi.remove(profile.id), done: t('profileRemoved'), afterwards: () => navigate(dnsProfilesHref(domain)) });
            }}
          >
            {t('confirm')}
          </Button>
        }
      >
        <p>{confirmDelete && t('deleteProfileConfirm', { name: confirmDelete.name })}</p>
      </Modal>
    </div>
  );
}
