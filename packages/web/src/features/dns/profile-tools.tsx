import { Link } from 'react-router';
import { pageHref, PAGES, type TDnsApplyPreview, type TDnsImportSkipped, type TDnsRecordStored, type TDnsZonePage } from '@kavel/core';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { RadioGroup } from '../../ui/radio-group.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { dnsApi, type ApplyMode } from './dns-api.ts';
import { useDnsT } from './dns-texts.ts';
import { ProfileNameForm } from './profile-name-form.tsx';

/** How the page reports an outcome: a success text, or the server's message for the 'Error!' modal. */
export interface ToolOutcome {
  success(text: string): void;
  failure(error: unknown): void;
  /** The zone changed: show these records and this revision. */
  changed(page: TDnsZonePage): void;
}

/** A record on one line, as the preview and the preset lists show it. */
export const line = (record: TDnsRecordStored) => [record.name, record.type, record.priority ?? '', record.value].filter((part) => part !== '').join(' ');

export const dnsProfilesHref = (domain: string, profileId?: number) => pageHref(PAGES.dnsProfiles, { search: { name: domain, profileId: profileId || undefined } });

/**
 * Applying a profile (spec 001 section 4: it replaces all current records, or merges): the diff
 * is shown first, and applying 'may take a while' with progress shown. Errors are listed and the
 * records still refreshed from `successfullySavedRecords` (spec 001 section 8).
 */
export function ApplyProfile({ page, outcome, reload }: { page: TDnsZonePage; outcome: ToolOutcome; reload: () => Promise<unknown> }) {
  const t = useDnsT();
  const [profileId, setProfileId] = useState(String(page.dnsProfiles[0]?.id ?? ''));
  const [mode, setMode] = useState<ApplyMode>('replace');
  const [preview, setPreview] = useState<TDnsApplyPreview | null>(null);
  const [busy, setBusy] = useState<'preview' | 'apply' | null>(null);
  const profile = page.dnsProfiles.find((candidate) => String(candidate.id) === profileId);

  if (page.dnsProfiles.length === 0) {
    return (
      <p className="muted" data-testid="dns-no-profiles">
        {t('noProfiles')}{' '}
        <Link to={dnsProfilesHref(page.domainName)}>
          {t('manageProfiles')}
        </Link>
      </p>
    );
  }

  const showChanges = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('preview');
    try {
      setPreview(await dnsApi.preview(page.domainId, Number(profileId), mode));
    } catch (error) {
      outcome.failure(error);
    } finally {
      setBusy(null);
    }
  };

  const apply = async () => {
    setBusy('apply');
    try {
      const answer = await dnsApi.apply(page.domainId, Number(profileId), mode);
      setPreview(null);
      await reload();
      if (answer.errors.length > 0) outcome.failure(new Error(answer.errors.join('\n')));
      else outcome.success(t('changeCompleted'));
    } catch (error) {
      setPreview(null);
      outcome.failure(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <form className="dns-tool" onSubmit={(event) => void showChanges(event)} data-testid="dns-apply-form">
      <SelectField label={t('profile')} value={profileId} onChange={(event) => setProfileId(event.target.value)} options={page.dnsProfiles.map((option) => ({ value: String(option.id), label: option.name }))} />
      <RadioGroup
        legend={t('applyHeading')}
        name="dns-apply-mode"
        value={mode}
        onChange={(value) => setMode(value as ApplyMode)}
        options={[
          { value: 'replace', label: t('modeReplace') },
          { value: 'merge', label: t('modeMerge') },
        ]}
      />
      <div className="dns-page__tools">
        <Button type="submit" variant="secondary" size="sm" busy={busy === 'preview'}>
          {t('showChanges')}
        </Button>
        <Link to={dnsProfilesHref(page.domainName, profile?.id)}>
          {t('manageProfiles')}
        </Link>
      </div>
      <PreviewModal
        preview={preview}
        title={t('previewHeading', { profile: profile?.name ?? '' })}
        applying={busy === 'apply'}
        onClose={() => busy === null && setPreview(null)}
        onApply={() => void apply()}
        data-testid="dns-preview"
      />
    </form>
  );
}

/** The changes before applying (a profile, a preset, a zone file): added and removed, then 'Apply'. */
export function PreviewModal(props: { preview: TDnsApplyPreview | null; title: string; applying: boolean; onClose: () => void; onApply: () => void; 'data-testid': string }) {
  const t = useDnsT();
  return (
    <Modal
      open={props.preview !== null}
      title={props.title}
      onClose={props.onClose}
      closeLabel={t('cancel')}
      data-testid={props['data-testid']}
      actions={
        <Button onClick={props.onApply} busy={props.applying}>
          {t('apply')}
        </Button>
      }
    >
      {props.preview && <PreviewLists preview={props.preview} />}
      {props.applying && (
        <p role="status" className="dns-preview__progress">
          <Spinner size="sm" /> {t('applying')}
        </p>
      )}
    </Modal>
  );
}

/** What applying adds and removes, and what cannot be applied. */
export function PreviewLists({ preview }: { preview: TDnsApplyPreview }) {
  const t = useDnsT();
  if (preview.added.length === 0 && preview.removed.length === 0 && preview.errors.length === 0) return <p>{t('nothingChanges')}</p>;
  const list = (title: string, lines: string[], testId: string) =>
    lines.length > 0 && (
      <>
        <h3 className="dns-preview__title">{title}</h3>
        <ul className="dns-preview__list" data-testid={testId}>
          {lines.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </>
    );
  return (
    <>
      {list(t('willAdd'), preview.added.map(line), 'dns-preview-added')}
      {list(t('willRemove'), preview.removed.map(line), 'dns-preview-removed')}
      {list(t('cannotApply'), preview.errors, 'dns-preview-errors')}
    </>
  );
}

/** dnsSaveRecordsAsNewProfile: the zone's records as a new profile (the domain name becomes [DOMAINNAME]). */
export function SaveAsProfile({ page, outcome }: { page: TDnsZonePage; outcome: ToolOutcome }) {
  const t = useDnsT();
  const save = async (name: string) => {
    try {
      await dnsApi.saveAsProfile(page.asciiName, name, page.dnsListOnStart.map(({ id: _id, ...record }) => record));
      outcome.changed(await dnsApi.page(page.asciiName));
      outcome.success(t('profileCreated'));
      return true;
    } catch (failure) {
      outcome.failure(failure);
      return false;
    }
  };
  return <ProfileNameForm submitLabel={t('saveAsProfile')} variant="secondary" onSave={save} data-testid="dns-save-profile" />;
}

/** The zone as a BIND file: download, and import (pasted or from a file), replacing or merging. */
export function ZoneFileTools({ page, outcome, canChange }: { page: TDnsZonePage; outcome: ToolOutcome; canChange: boolean }) {
  const t = useDnsT();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<{ skipped: TDnsImportSkipped[]; warnings: string[] }>({ skipped: [], warnings: [] });
  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) setText(await file.text());
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await dnsApi.importZone(page.domainId, text, 'replace');
      setReport({ skipped: answer.skipped, warnings: answer.warnings });
      setText('');
      outcome.changed(answer.page);
      outcome.success(t('changeCompleted'));
    } catch (error) {
      outcome.failure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="dns-tool">
      <p>
        <a href={dnsApi.exportUrl(page.domainId)} download={`${page.asciiName}.zone`} data-testid="dns-export">
          {t('export')}
        </a>
      </p>
      {canChange && (
        <form onSubmit={(event) => void submit(event)} data-testid="dns-import-form">
          <h3 className="dns-preview__title">{t('importHeading')}</h3>
          <label className="field__label" htmlFor="dns-import-text">
            {t('importText')}
          </label>
          <textarea id="dns-import-text" className="field__input dns-import__text" rows={6} value={text} onChange={(event) => setText(event.target.value)} spellCheck={false} />
          <label className="field__label" htmlFor="dns-import-file">
            {t('importFile')}
          </label>
          <input id="dns-import-file" type="file" accept=".zone,.txt,.db,text/plain" onChange={(event) => void readFile(event)} />
          <div className="dns-page__tools">
            <Button type="submit" variant="secondary" size="sm" busy={busy} disabled={text.trim() === ''}>
              {t('import')}
            </Button>
          </div>
          {report.warnings.length > 0 && (
            <div className="muted" data-testid="dns-import-warnings">
              <p>{t('importWarnings')}</p>
              <ul>
                {report.warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            </div>
          )}
          {report.skipped.length > 0 && (
            <div className="muted" data-testid="dns-import-skipped">
              <p>{t('importSkipped')}</p>
              <ul>
                {report.skipped.map((entry) => (
                  <li key={entry.line}>
                    <code>{t('importSkippedLine', { line: entry.line, text: entry.text })}</code>
                    <br />
                    {entry.reason}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </form>
      )}
    </div>
  );
}
