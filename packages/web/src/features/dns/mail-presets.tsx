import { MAIL_PRESETS, type TDnsApplyPreview, type TDnsZonePage, type TMailPreset } from '@kavel/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../ui/button.tsx';
import { RadioGroup } from '../../ui/radio-group.tsx';
import { dnsApi } from './dns-api.ts';
import { line, PreviewModal, type ToolOutcome } from './profile-tools.tsx';
import { useDnsT } from './dns-texts.ts';

/**
 * The e-mail presets (mx, google, office): built-in, read-only profiles whose records are listed
 * here. Choosing one shows the diff first; applying swaps the zone's mail records and keeps the rest.
 */
export function MailPresets({ page, outcome, reload, chosen = null }: { page: TDnsZonePage; outcome: ToolOutcome; reload: () => Promise<unknown>; chosen?: string | null }) {
  const t = useDnsT();
  const asked = MAIL_PRESETS.find((candidate) => candidate === chosen) ?? null;
  const [preset, setPreset] = useState<TMailPreset>(asked ?? 'mx');
  const form = useRef<HTMLFormElement>(null);
  // Opened with a preset (the forwarding page's e-mail choice): the form comes into view.
  useEffect(() => {
    if (asked) form.current?.scrollIntoView({ block: 'start' });
  }, [asked]);
  const [preview, setPreview] = useState<TDnsApplyPreview | null>(null);
  const [busy, setBusy] = useState<'preview' | 'apply' | null>(null);
  const records = page.mailPresets.find((candidate) => candidate.preset === preset)?.records ?? [];
  const label = t(`mailPreset.${preset}`);

  const showChanges = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('preview');
    try {
      setPreview(await dnsApi.previewPreset(page.domainId, preset));
    } catch (error) {
      outcome.failure(error);
    } finally {
      setBusy(null);
    }
  };

  const apply = async () => {
    setBusy('apply');
    try {
      const answer = await dnsApi.applyPreset(page.domainId, preset);
      setPreview(null);
      await reload();
      if (answer.errors.length > 0) outcome.failure(new Error(answer.errors.join('\n')));
      else outcome.success(t('mailApplied', { preset: label }));
    } catch (error) {
      setPreview(null);
      outcome.failure(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <form ref={form} className="dns-tool" onSubmit={(event) => void showChanges(event)} data-testid="dns-mail-presets">
      <p className="muted">{t('mailIntro', { domain: page.domainName })}</p>
      <RadioGroup
        legend={t('mailPreset')}
        name="dns-mail-preset"
        value={preset}
        onChange={(value) => setPreset(value as TMailPreset)}
        options={MAIL_PRESETS.map((value) => ({ value, label: t(`mailPreset.${value}`) }))}
        data-testid="dns-mail-preset"
      />
      <div>
        <h3 className="dns-preview__title">{t('mailPresetRecords', { preset: label })}</h3>
        <ul className="dns-preview__list" data-testid="dns-mail-preset-records" data-preset={preset}>
          {records.map((record) => (
            <li key={line(record)}>{line(record)}</li>
          ))}
        </ul>
      </div>
      <div className="dns-page__tools">
        <Button type="submit" variant="secondary" size="sm" busy={busy === 'preview'}>
          {t('showChanges')}
        </Button>
      </div>
      <PreviewModal
        preview={preview}
        title={t('mailPreviewHeading', { preset: label })}
        applying={busy === 'apply'}
        onClose={() => busy === null && setPreview(null)}
        onApply={() => void apply()}
        data-testid="dns-mail-preview"
      />
    </form>
  );
}
