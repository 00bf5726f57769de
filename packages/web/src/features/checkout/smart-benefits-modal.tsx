import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sslOfferNeedsHostingOffer, type TAcceptAdditionalServiceRequest } from '@kavel/core';
import { errorMessage } from '../../app/error-message.ts';
import { Alert } from '../../ui/alert.tsx';
import { useEuro, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { checkoutApi } from './checkout-api.ts';
import type { SmartBenefitsOffer } from './smart-benefits.ts';
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
 * checkboxes, unticked, with the price difference. Only what can be accepted is offered: the
 * certificate for a domain without hosting is enabled once the hosting offer is ticked. 'Add'
 * sends the ticked ones; the modal stays open only when that fails or the new basket does not
 * validate, and then says why itself (a second modal on top of this one would hide it).
 */
export function SmartBenefitsModal({ offer, onClose, onAccepted }: SmartBenefitsModalProps) {
  const t = useT();
  const euro = useEuro();
  const queryClient = useQueryClient();
  const hintId = useId();
  const [ticked, setTicked] = useState<ReadonlySet<Accepted>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const { hosting, ssl } = offer;
  const sslNeedsHosting = ssl.serviceType !== 'NONE' && hosting.serviceType !== 'NONE' && sslOfferNeedsHostingOffer(hosting.serviceType);
  const accept = useMutation({
    mutationFn: checkoutApi.acceptAdditionalService,
    meta: { inlineErrors: true },
    onMutate: () => setFailure(null),
    onSuccess: (verdict) => {
      void queryClient.invalidateQueries({ queryKey: BASKET_QUERY_KEY });
      if (verdict.status === 'FAILED') return setFailure(verdict.message);
      onAccepted();
    },
    onError: (error) => {
      // The basket may have changed under the offer (the usual reason for a refusal): show it as it is.
      void queryClient.invalidateQueries({ queryKey: BASKET_QUERY_KEY });
      setFailure(errorMessage(error, t));
    },
  });

  const toggle = (type: Accepted, checked: boolean) =>
    setTicked((previous) => {
      const next = new Set(previous);
      if (checked) next.add(type);
      else next.delete(type);
      // Without the hosting offer the certificate cannot be had: it goes with it.
      if (!checked && sslNeedsHosting && type === hosting.serviceType) next.delete('ADD_SSL');
      return next;
    });

  const options: { type: Accepted; label: string; price: string; disabled?: boolean; hint?: string }[] = [];
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
      ...(sslNeedsHosting ? { disabled: !ticked.has(hosting.serviceType as Accepted), hint: t('benefits.sslNeedsHosting') } : {}),
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
      {failure && (
        <Alert tone="danger" data-testid="smart-benefits-error">
          {failure}
        </Alert>
      )}
      <fieldset className="smart-benefits" disabled={accept.isPending}>
        <legend className="sr-only">{t('benefits.legend')}</legend>
        {options.map((option) => (
          <label key={option.type} className="checkbox smart-benefits__option" data-testid="smart-benefit" data-service-type={option.type}>
            <input
              type="checkbox"
              checked={ticked.has(option.type)}
              disabled={option.disabled}
              aria-describedby={option.hint ? `${hintId}-${option.type}` : undefined}
              onChange={(event) => toggle(option.type, event.target.checked)}
            />
            <span className="checkbox__label">
              {option.label}
              {option.hint && (
                <span className="smart-benefits__hint" id={`${hintId}-${option.type}`}>
                  {option.hint}
                </span>
              )}
            </span>
            <span className="checkbox__price">{option.price}</span>
          </label>
        ))}
      </fieldset>
    </Modal>
  );
}
