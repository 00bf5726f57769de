import { message, type TDnsPublishFailure, type TDnsRecord, type TDnsZonePage, type TDnsZoneRecord } from '@kavel/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocale } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { DOMAIN_LIST_PATH, LoadFailure, NoDomainChosen } from '../account-area/account-list.tsx';
import { dnsApi } from './dns-api.ts';
import { MailPresets } from './mail-presets.tsx';
import { MoveDns } from './move-dns.tsx';
import { ApplyProfile, SaveAsProfile, ZoneFileTools, type ToolOutcome } from './profile-tools.tsx';
import { failureNotice, type DnsNotice } from './dns-failure.ts';
import { DnsNoticeModal } from './dns-notice.tsx';
import { useDnsT } from './dns-texts.ts';
import { RecordForm } from './record-form.tsx';
import { RecordTable } from './record-table.tsx';
import { shopTime, ZoneHistory } from './zone-history.tsx';
import './dns.css';


type Confirmation = { text: string; run: () => void } | null;

export const dnsPageQueryKey = (name: string) => ['dns-page', name.toLowerCase()];

/** `/account/dns-beheren?name=`: a domain's DNS records (spec 001 sections 2, 4, 5 and 8). */
export function DnsManagementPage({ name, mailPreset = null }: { name: string; mailPreset?: string | null }) {
  const t = useDnsT();
  const page = useQuery({ queryKey: dnsPageQueryKey(name), queryFn: () => dnsApi.page(name), enabled: name !== '' });
  if (name === '') return <NoDomainChosen text={t('noDomain')} back={t('backToDomains')} />;
  if (page.isPending) return <Spinner label={t('records')} />;
  if (page.isError) {
    const back = { href: DOMAIN_LIST_PATH, label: t('backToDomains'), notFound: t('domainNotFound', { domain: name }) };
    return <LoadFailure error={page.error} onRetry={() => void page.refetch()} back={back} />;
  }
  return <Zone page={page.data} queryKey={dnsPageQueryKey(name)} mailPreset={mailPreset} />;
}

/** The zone's last publication failed: what the DNS serves is not what the page lists. */
function PublishFailure({ failure }: { failure: TDnsPublishFailure }) {
  const t = useDnsT();
  const locale = useLocale();
  const reason = failure.reason === 'unreachable' ? t('publishUnreachable') : failure.record ? t('publishRefusedRecord', { record: failure.record }) : t('publishRefused');
  const when = shopTime(locale, failure.failedAt);
  return (
    <p className="dns-page__notice dns-page__unpublished" role="status" data-testid="dns-not-published">
      {t('notPublished', { reason })} {t('publishLastTry', { when })}
    </p>
  );
}

function Zone({ page, queryKey, mailPreset }: { page: TDnsZonePage; queryKey: readonly unknown[]; mailPreset: string | null }) {
  const t = useDnsT();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<number | null>(null);
  const [adding, setAdding] = useState(0);
  const [notice, setNotice] = useState<DnsNotice>(null);
  const [confirmation, setConfirmation] = useState<Confirmation>(null);

  const change = useMutation({
    // Failures show in the page's own 'Fout!' modal, not in the order-error modal.
    meta: { inlineErrors: true },
    mutationFn: (action: { run: () => Promise<TDnsZonePage>; done: string; afterwards?: () => void }) => action.run(),
    onSuccess: (next, action) => {
      queryClient.setQueryData(queryKey, next);
      setEditing(null);
      action.afterwards?.();
      setNotice({ kind: 'success', text: action.done });
    },
    onError: (error) => setNotice(failureNotice(error, t)),
  });
  const busy = change.isPending;
  const id = page.domainId;
  const run = (run: () => Promise<TDnsZonePage>, done: string, afterwards?: () => void) => change.mutate({ run, done, afterwards });

  // The record forms wait for the answer: a refusal marks the refused field after the 'Fout!' modal.
  const save = (recordId: number, record: TDnsRecord) => change.mutateAsync({ run: () => dnsApi.updateRecord(id, recordId, record), done: t('updated') });
  const add = (record: TDnsRecord) => change.mutateAsync({ run: () => dnsApi.addRecord(id, record), done: t('created'), afterwards: () => setAdding((n) => n + 1) });
  const remove = (record: TDnsZoneRecord) =>
    setConfirmation({ text: t('deleteConfirm', { name: record.name, type: record.type, value: record.value }), run: () => run(() => dnsApi.removeRecord(id, record.id), t('removedDone')) });
  const reset = () => setConfirmation({ text: t('resetConfirm', { domain: page.domainName }), run: () => run(() => dnsApi.reset(id), t('resetDone')) });
  const togglePrivacy = (enabled: boolean) => run(() => dnsApi.privacy(id, enabled), enabled ? t('privacyEnabled') : t('privacyDisabled'));
  const undo = (revision: number) => run(() => dnsApi.undo(id, revision), t('changeCompleted'));

  const outcome: ToolOutcome = {
    success: (text) => setNotice({ kind: 'success', text }),
    failure: (error) => setNotice(failureNotice(error, t)),
    changed: (next) => queryClient.setQueryData(queryKey, next),
  };
  const reload = () => queryClient.invalidateQueries({ queryKey });

  const nameservers = page.nameservers.map((server) => server.replace(/\.$/, '')).join(', ');
  const manageable = page.domainIsManageable;
  const canChange = manageable && !page.readOnly;
  return (
    <div className="dns-page" data-testid="dns-page" data-domain={page.asciiName}>
      <p className="dns-page__domain">
        <strong>{page.domainName}</strong>
      </p>
      {!manageable && (
        <p className="inline-error" role="alert" data-testid="dns-not-manageable">
          {message(locale, 'dnsNotManageable')}
        </p>
      )}
      {page.readOnly && (
        <p className="dns-page__notice" data-testid="dns-read-only">
          {t('readOnly')}
        </p>
      )}
      {!page.isActiveDnsServer ? (
        <MoveDns page={page} outcome={outcome} readOnly={!canChange} />
      ) : (
        <>
          <p className="muted">{page.publishing === 'none' ? t('keptOnly', { nameservers }) : t('servedBy', { nameservers })}</p>
          {page.publishFailure && <PublishFailure failure={page.publishFailure} />}
          <section aria-labelledby="dns-records-heading" className="dns-page__section">
            <h2 id="dns-records-heading">{t('records')}</h2>
            <RecordTable records={page.dnsListOnStart} domain={page.asciiName} readOnly={!canChange} editing={editing} busy={busy} onEdit={setEditing} onSave={save} onDelete={remove} />
            {canChange && (
              <div className="dns-page__tools">
                <Button variant="secondary" size="sm" onClick={reset} disabled={busy} data-testid="dns-reset">
                  {t('reset')}
                </Button>
              </div>
            )}
          </section>

          {canChange && (
            <section aria-labelledby="dns-add-heading" className="dns-page__section">
              <h2 id="dns-add-heading">{t('addHeading')}</h2>
              <RecordForm key={adding} domain={page.asciiName} busy={busy} submitLabel={t('add')} onSubmit={add} data-testid="dns-add-form" />
              <ul className="dns-page__hints">
                <li>{t('hintWildcard')}</li>
                <li>{t('hintProfile')}</li>
              </ul>
              <p className="muted">{t('propagation')}</p>
            </section>
          )}

          {canChange && (
            <section aria-labelledby="dns-apply-heading" className="dns-page__section">
              <h2 id="dns-apply-heading">{t('applyHeading')}</h2>
              <ApplyProfile page={page} outcome={outcome} reload={reload} />
              <SaveAsProfile page={page} outcome={outcome} />
            </section>
          )}

          {canChange && (
            <section aria-labelledby="dns-mail-heading" className="dns-page__section">
              <h2 id="dns-mail-heading">{t('mailHeading')}</h2>
              <MailPresets page={page} outcome={outcome} reload={reload} chosen={mailPreset} />
            </section>
          )}

          <section aria-labelledby="dns-file-heading" className="dns-page__section">
            <h2 id="dns-file-heading">{t('zoneFile')}</h2>
            <ZoneFileTools page={page} outcome={outcome} canChange={canChange} />
          </section>

          <section aria-labelledby="dns-history-heading" className="dns-page__section">
            <h2 id="dns-history-heading">{t('history')}</h2>
            <ZoneHistory domainId={id} revision={page.revision} readOnly={!canChange} busy={busy} onUndo={undo} />
          </section>
        </>
      )}

      {page.privacySupported && (
        <section aria-labelledby="dns-privacy-heading" className="dns-page__section" data-testid="dns-privacy">
          <h2 id="dns-privacy-heading">{t('privacy')}</h2>
          <label className="dns-page__privacy">
            <input type="checkbox" checked={page.privacyEnabled} disabled={busy || page.readOnly} onChange={(event) => togglePrivacy(event.target.checked)} data-testid="dns-privacy-toggle" />
            {t('privacyLabel')}
          </label>
          <p className="muted" data-testid="dns-privacy-state">
            {page.privacyEnabled ? t('privacyOn') : t('privacyOff')}
          </p>
        </section>
      )}

      <DnsNoticeModal notice={notice} onClose={() => setNotice(null)} />
      <Modal
        open={confirmation !== null}
        tone="warning"
        title={t('title')}
        onClose={() => setConfirmation(null)}
        closeLabel={t('cancel')}
        data-testid="dns-confirm"
        actions={
          <Button
            onClick={() => {
              confirmation?.run();
              setConfirmation(null);
            }}
          >
            {t('confirm')}
          </Button>
        }
      >
        <p>{confirmation?.text}</p>
      </Modal>
    </div>
  );
}
