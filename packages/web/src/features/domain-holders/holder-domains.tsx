import { Detail } from '../account-area/account-list.tsx';
import { useHolderT } from './holder-texts.ts';

/** What a finished change says (spec 001 section 8's success modals), and where the page goes next. */
export type HolderDone = (text: string, next?: string) => void;

/** The domains that have a holder: a change to the holder reaches each of them. */
export function HolderDomains({ domains }: { domains: readonly string[] }) {
  const t = useHolderT();
  return (
    <dl className="account-item__details holders__domains">
      <Detail label={t('domains')}>
        <span data-testid="holder-domains">{domains.length > 0 ? domains.join(', ') : t('noDomains')}</span>
      </Detail>
    </dl>
  );
}
