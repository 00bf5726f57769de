import type { TBasketItem } from '@kavel/core';
import { useT } from '../../i18n/use-t.ts';
import { useWhoisList } from './use-services.ts';

/**
 * Who will hold the domain, on the card itself: the standard holder (with its e-mail address and
 * phone number, spec 000 section 3) or the custom holder chosen in the holder modal. Shown to a
 * logged-in customer only, like the modal; the list is one shared query for all cards.
 */
export function CurrentHolder({ item }: { item: TBasketItem }) {
  const t = useT();
  const list = useWhoisList(true);
  if (!list.data) return null;
  const chosen = item.options.customWhoisId ?? null;
  const custom = chosen === null ? undefined : list.data.custom.find((holder) => holder.id === chosen);
  const { standard } = list.data;
  const label = custom ? custom.label : t('services.holderStandard', { label: standard.label });
  const details = custom ? '' : [standard.email, standard.phone].filter(Boolean).join(' · ');
  return (
    <p className="service-card__current-holder" data-testid="holder-current" data-custom-whois-id={custom?.id}>
      <span>{t('services.holderCurrent', { label })}</span>
      {details && <span className="service-card__holder-details">{details}</span>}
    </p>
  );
}
