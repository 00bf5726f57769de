import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAcceptAdditionalServiceRequest } from '@kavel/core';
import { useEuro, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { checkoutApi } from './checkout-api.ts';
import type { SmartBenefitsOffer } from './smart-benefits.ts';
import { showBasketFailure } from './use-step3-opening.ts';
import { BASKET_QUERY_KEY } from '../basket/use-basket.ts';

type Accepted = TAcceptAdditionalServiceRequest['acceptedServiceTypes'][number];

interface SmartBenefitsModalProps {
  offer: SmartBenefitsOffer;
  onClose(): void;
  /** Accepted and the basket holds the additions: the page goes to step 3. */
  onAccepted(): void;
}

/**
 * The smart-benefits modal (spec 000 sections 2 and 4): the hosting offer and the SSL offer as
 * checkboxes, unticked, with the price difference. 'Add' sends the ticked ones; the modal stays
 * open only when the new basket does not validate (the order error modal says why).
 */
export function SmartBenefitsModal({ offer, onClose, onAccepted }: SmartBenefitsModalProps) {
  const t = useT();
  const euro = useEuro();
  const queryClient = useQueryClient();
  const [ticked, setTicked] = useState<ReadonlySet<Accepted>>(new Set());
  const accept = useMutation({
    mutationFn: checkoutApi.acceptAdditionalService,
    onSuccess: (verdict) => {
      if (verdict.status === 'FAILED') return showBasketFailure(queryClient, verdict.message);
      void queryClient.invalidateQueries({ queryKey: BASKET_QUERY_KEY });
      onAccepted();
    },
  });

  const toggle = (type: Accepted, checked: boolean) =>
    setTicked((previous) => {
      const next = new Set(previous);
      if (checked) next.add(type);
      else next.delete(type);
      return next;
    });

  const { hosting, ssl } = offer;
  const options: { type: Accepted; label: string; price: string }[] = [];
  if (hosting.serviceType !== 'NONE') {
    options.push({
      type: hosting.serviceType,
      label: t(`benefits.${hosting.serviceType}`, { product: hosting.productName ?? '', domain: hosting.domain ?? '' }),
      price: t('benefits.price', { price: euro(hosting.price), per: t('services.perMonth') }),
    });
  }
  if (ssl.serviceType !== 'NONE') {
    options.push({
      type: ssl.serviceType,
      label: t('benefits.ssl', { product: ssl.productName ?? '', domain: ssl.domain ?? '' }),
      price: t('benefits.price', { price: euro(ssl.price), per: t('services.perYear') }),
    });
  }

  return (
    <Modal
      open
      title={t('benefits.title')}
      onClose={onClose}
      closeLabel={t('benefits.decline')}
      data-testid="smart-benefits-modal"
      actions={
        <Button
          busy={accept.isPending}
          disabled={ticked.size === 0}
          onClick={() => accept.mutate({ acceptedServiceTypes: [...ticked] })}
          data-testid="smart-benefits-add"
        >
          {t('benefits.add')}
        </Button>
      }
    >
      <p>{t('benefits.intro')}</p>
      <fieldset className="smart-benefits" disabled={accept.isPending}>
        <legend className="sr-only">{t('benefits.legend')}</legend>
        {options.map((option) => (
          <label key={option.type} className="checkbox smart-benefits__option" data-testid="smart-benefit" data-service-type={option.type}>
            <input type="checkbox" checked={ticked.has(option.type)} onChange={(event) => toggle(option.type, event.target.checked)} />
            <span className="checkbox__label">{option.label}</span>
            <span className="checkbox__price">{option.price}</span>
          </label>
        ))}
      </fieldset>
    </Modal>
  );
}
