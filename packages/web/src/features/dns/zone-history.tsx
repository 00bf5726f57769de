import { dnsPageTexts, type DnsPageTextKey, type TDnsHistoryEntry, type TDnsRecordStored } from '@kavel/core';
import { useQuery } from '@tanstack/react-query';
import { useLocale } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { dnsApi } from './dns-api.ts';
import { useDnsT, type DnsTranslate } from './dns-texts.ts';

const line = (record: TDnsRecordStored) => [record.name, record.type, record.priority ?? '', record.value].filter((part) => part !== '').join(' ');

/** What a change did, in words; an action this version has no words for is shown as it is. */
function actionLabel(t: DnsTranslate, action: string): string {
  const key = `action.${action}`;
  return key in dnsPageTexts.nl ? t(key as DnsPageTextKey) : action;
}

interface ZoneHistoryProps {
  domainId: number;
  /** Bumps with every change, so the history is read again. */
  revision: number;
  readOnly: boolean;
  busy: boolean;
  onUndo: (revision: number) => void;
}

/** A moment as the shop's customers read it: Dutch time, in the page language. */
export const shopTime = (locale: string, iso: string) =>
  new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'nl-NL', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Amsterdam' }).format(new Date(iso));

/** The zone's changes, newest first, with who made them and an undo of the latest. */
export function ZoneHistory({ domainId, revision, readOnly, busy, onUndo }: ZoneHistoryProps) {
  const t = useDnsT();
  const locale = useLocale();
  const history = useQuery({ queryKey: ['dns-history', domainId, revision], queryFn: () => dnsApi.history(domainId) });
  const when = (iso: string) => shopTime(locale, iso);
  if (history.isPending) return <Spinner size="sm" />;
  if (history.isError || history.data.length === 0) return <p className="muted">{t('historyEmpty')}</p>;
  const [latest] = history.data;
  return (
    <>
      {!readOnly && latest && (
        <Button variant="secondary" size="sm" busy={busy} onClick={() => onUndo(latest.revision)} data-testid="dns-undo">
          {t('undo')}
        </Button>
      )}
      <ol className="dns-history" data-testid="dns-history">
        {history.data.map((entry: TDnsHistoryEntry) => (
          <li key={entry.revision} className="dns-history__entry" data-revision={entry.revision}>
            <p>
              <strong>{actionLabel(t, entry.action)}</strong> <span className="muted">{t('historyBy', { when: when(entry.createdAt), who: entry.by ?? t('historyShop') })}</span>
            </p>
            {entry.added.length > 0 && (
              <p className="dns-history__change">
                <span className="dns-history__label">{t('added')}:</span> {entry.added.map(line).join(', ')}
              </p>
            )}
            {entry.removed.length > 0 && (
              <p className="dns-history__change">
                <span className="dns-history__label">{t('removed')}:</span> {entry.removed.map(line).join(', ')}
              </p>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
