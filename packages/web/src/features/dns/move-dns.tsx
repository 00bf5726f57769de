import type { TDnsRecordStored, TDnsScan, TDnsZonePage } from '@kavel/core';
import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { dnsApi } from './dns-api.ts';
import { useDnsT } from './dns-texts.ts';
import type { ToolOutcome } from './profile-tools.tsx';

const line = (record: TDnsRecordStored) => [record.name, record.type, record.priority ?? '', record.value].filter((part) => part !== '').join(' ');

/**
 * A domain not on the shop's name servers (spec 001 sections 2 and 4): the records stay hidden
 * until the customer chooses to move DNS. The scan shows what will be copied; the switch copies it
 * and delegates the domain to the shop. Changes can take hours to show.
 */
export function MoveDns({ page, outcome, readOnly }: { page: TDnsZonePage; outcome: ToolOutcome; readOnly: boolean }) {
  const t = useDnsT();
  const [scan, setScan] = useState<TDnsScan | null>(null);
  const [busy, setBusy] = useState(false);
  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      outcome.failure(error);
    } finally {
      setBusy(false);
    }
  };
  const start = () => attempt(async () => setScan(await dnsApi.scan(page.domainId)));
  const move = () =>
    attempt(async () => {
      outcome.changed(await dnsApi.switchDns(page.domainId));
      outcome.success(t('changeCompleted'));
    });
  return (
    <section className="dns-page__section dns-move" data-testid="dns-move">
      <p className="dns-page__notice">{t('moveIntro')}</p>
      {!readOnly && !scan && (
        <Button onClick={() => void start()} busy={busy} data-testid="dns-move-start">
          {t('moveStart')}
        </Button>
      )}
      {scan && (
        <>
          <p>{t('moveCurrent', { nameservers: scan.nameservers.join(', ') })}</p>
          <p>{scan.records.length > 0 ? t('moveFound') : t('moveNothing')}</p>
          <ul className="dns-preview__list" data-testid="dns-move-records">
            {scan.records.map((record) => (
              <li key={line(record)}>{line(record)}</li>
            ))}
          </ul>
          <p className="muted">{t('propagation')}</p>
          <Button onClick={() => void move()} busy={busy} data-testid="dns-move-confirm">
            {t('moveConfirm')}
          </Button>
        </>
      )}
    </section>
  );
}
