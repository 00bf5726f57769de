import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { findInvalidServices, serviceCardsOf, type TPaymentMethod, type TPaymentMethodCode, type TPurchaseRequest, type TPurchaseResponse, PAGES } from '@kavel/core';
import { ApiError } from '../../api/client.ts';
import { errorMessage } from '../../app/error-message.ts';
import { useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { applyServerErrors } from '../accounts/server-field-errors.ts';
import { useOrderChannel } from '../basket/order-channel.tsx';
import { useBasket } from '../basket/use-basket.ts';
import { checkoutApi } from './checkout-api.ts';
import { DirectDebitFields } from './direct-debit-fields.tsx';
import { PaymentMethodChoice } from './payment-method-choice.tsx';
import { useDirectDebitForm } from './use-direct-debit-form.ts';
import { usePurchase } from './use-purchase.ts';

const MANDATE_FIELDS = ['iban', 'accountHolder', 'mandateAccepted'] as const;

/** The channel's payment calls: the shop's, or the reseller's `resellerPaymentMethods` and `resellerOrder`. */
export interface PaymentCalls {
  paymentMethods(): Promise<TPaymentMethod[]>;
  purchase(body: TPurchaseRequest): Promise<TPurchaseResponse>;
}

const SHOP_PAYMENT: PaymentCalls = { paymentMethods: checkoutApi.paymentMethods, purchase: checkoutApi.purchase };

/**
 * Step 3 for a logged-in customer, below their details: the terms, then (spec 000 section 2)
 * the payment methods and Pay once the terms are accepted and step 2 is valid.
 */
export function PaymentSection({ calls = SHOP_PAYMENT }: { calls?: PaymentCalls }) {
  const t = useT();
  const termsId = useId();
  const channel = useOrderChannel().name;
  const basket = useBasket();
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [chosen, setChosen] = useState<TPaymentMethodCode | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const directDebit = useDirectDebitForm();

  const step2Valid = basket.isSuccess && findInvalidServices(serviceCardsOf(basket.data)).length === 0;
  const showMethods = termsAccepted && step2Valid;
  // The administration fee depends on what the basket holds: asked again when the basket changes.
  const methods = useQuery({
    queryKey: ['payment-methods', channel, basket.dataUpdatedAt],
    queryFn: calls.paymentMethods,
    enabled: showMethods,
    // The choice stays on screen while the new prices load.
    placeholderData: keepPreviousData,
  });
  const offered = methods.data ?? [];
  const only = offered.length === 1 ? offered[0] : undefined;
  const method = offered.some((one) => one.paymentMethod === chosen) ? chosen : (only?.paymentMethod ?? null);
  const mandate = useQuery({ queryKey: ['direct-debit-mandate'], queryFn: checkoutApi.directDebitMandate, enabled: showMethods && method === 'AUTOMATIC_INCASSO' });
  const needsMandate = method === 'AUTOMATIC_INCASSO' && mandate.data?.hasMandate !== true;

  const purchase = usePurchase((error) => {
    // A refused IBAN or mandate shows under its field; anything else in the order error modal.
    if (!(error instanceof ApiError) || error.status !== 400 || !Object.keys(error.body.fieldErrors ?? {}).some((path) => path.startsWith('directDebit.'))) return false;
    setBanner(applyServerErrors(error, directDebit.form.setError, MANDATE_FIELDS, t, 'directDebit'));
    return true;
  }, calls.purchase);

  const ready = showMethods && method !== null && (!needsMandate || (mandate.isSuccess && directDebit.mandate !== null));
  const pay = () => {
    if (!ready || !method) return;
    setBanner(null);
    purchase.pay({
      paymentMethod: method,
      termsAccepted: true,
      ...(needsMandate && directDebit.mandate ? { directDebit: directDebit.mandate } : {}),
    });
  };

  return (
    <section className="payment-section" aria-labelledby={`${termsId}-title`} data-testid="payment-section">
      <h3 className="payment-section__title" id={`${termsId}-title`}>
        {t('checkout.title')}
      </h3>
      <div className="terms">
        <label className="checkbox terms__check">
          <input
            type="checkbox"
            required
            checked={termsAccepted}
            disabled={purchase.busy}
            onChange={(event) => setTermsAccepted(event.target.checked)}
            data-testid="terms-checkbox"
          />
          <span className="checkbox__label">{t('checkout.terms')}</span>
        </label>
        <p className="terms__links">
          <a href={PAGES.terms.path} target="_blank" rel="noopener">
            {t('checkout.termsLink')}
            <span className="sr-only"> {t('checkout.newWindow')}</span>
          </a>
          <a href={PAGES.sslProduct.path} target="_blank" rel="noopener">
            {t('checkout.sslLink')}
            <span className="sr-only"> {t('checkout.newWindow')}</span>
          </a>
        </p>
      </div>
      {termsAccepted && !step2Valid && basket.isSuccess && <Alert tone="warning">{t('checkout.step2Invalid')}</Alert>}
      {showMethods &&
        (methods.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : methods.isError ? (
          <div className="inline-error" role="alert">
            <p>{t('checkout.methodsFailed')}</p>
            <Button variant="secondary" size="sm" onClick={() => void methods.refetch()}>
              {t('error.retry')}
            </Button>
          </div>
        ) : (
          <>
            <PaymentMethodChoice methods={offered} value={method} onChange={setChosen} disabled={purchase.busy} />
            {method === 'AUTOMATIC_INCASSO' &&
              (mandate.isPending ? (
                <Spinner label={t('common.loading')} />
              ) : mandate.isError ? (
                <Alert tone="danger">{errorMessage(mandate.error, t)}</Alert>
              ) : mandate.data.hasMandate ? (
                <p className="payment-section__mandate" data-testid="mandate-existing">
                  {t('checkout.mandate.existing', { iban: mandate.data.ibanMasked ?? '' })}
                </p>
              ) : (
                <DirectDebitFields form={directDebit.form} disabled={purchase.busy} />
              ))}
            {banner && <Alert tone="danger">{banner}</Alert>}
            <div className="payment-section__actions">
              <Button className="payment-section__pay" disabled={!ready} busy={purchase.busy} onClick={pay} data-testid="pay-button">
                {t('checkout.pay')}
              </Button>
              <p className="payment-section__redirecting" role="status" data-testid="redirecting">
                {purchase.redirecting ? t('checkout.redirecting') : ''}
              </p>
            </div>
          </>
        ))}
    </section>
  );
}
