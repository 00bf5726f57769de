import { useId } from 'react';
import type { TPaymentMethod, TPaymentMethodCode } from '@kavel/core';
import { useT } from '../../i18n/use-t.ts';

interface PaymentMethodChoiceProps {
  methods: readonly TPaymentMethod[];
  value: TPaymentMethodCode | null;
  onChange(value: TPaymentMethodCode): void;
  disabled?: boolean;
}

/**
 * The payment methods as native radios (spec 000 sections 4 and 9): each with its name, a line
 * on what it means, and its surcharge with a plus unless it is zero.
 */
export function PaymentMethodChoice({ methods, value, onChange, disabled = false }: PaymentMethodChoiceProps) {
  const t = useT();
  const id = useId();
  return (
    <fieldset className="payment-methods" disabled={disabled} data-testid="payment-methods">
      <legend className="payment-methods__legend">{t('checkout.methods')}</legend>
      {methods.map((method) => {
        const inputId = `${id}-${method.paymentMethod}`;
        const hintId = `${inputId}-hint`;
        return (
          <label key={method.paymentMethod} className="payment-method" htmlFor={inputId} data-testid="payment-method" data-method={method.paymentMethod}>
            <input
              type="radio"
              id={inputId}
              name={`${id}-method`}
              value={method.paymentMethod}
              checked={value === method.paymentMethod}
              onChange={() => onChange(method.paymentMethod)}
              aria-describedby={hintId}
            />
            <span className="payment-method__text">
              <span className="payment-method__name">{t(`checkout.method.${method.paymentMethod}`)}</span>
              <span className="payment-method__hint" id={hintId}>
                {t(`checkout.methodHint.${method.paymentMethod}`)}
              </span>
            </span>
            {method.priceCents !== 0 && (
              <span className="payment-method__surcharge" data-testid="payment-surcharge">
                {t('checkout.surcharge', { price: method.price })}
              </span>
            )}
          </label>
        );
      })}
    </fieldset>
  );
}
