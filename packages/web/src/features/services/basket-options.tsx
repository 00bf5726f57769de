import { useId, useState, type FormEvent } from 'react';
import { validationMessage, ZApplyDiscountCodeRequest, type TBasket, type TBasketPeriod } from '@kavel/core';
import { errorMessage } from '../../app/error-message.ts';
import { fieldMessage } from '../../i18n/use-field-message.ts';
import { useLocale, usePeriodText, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { RadioGroup } from '../../ui/radio-group.tsx';
import { useApplyDiscountCode, useRemoveDiscountCode, useSetPeriod } from './use-services.ts';

const PERIODS: readonly TBasketPeriod[] = ['YEARLY', 'FIVE_YEARLY'];

/** The basket's period (1 or 5 years, everything re-priced) and its discount code. */
export function BasketOptions({ basket }: { basket: TBasket }) {
  const t = useT();
  const locale = useLocale();
  const periodText = usePeriodText();
  const headingId = useId();
  const setPeriod = useSetPeriod();
  const apply = useApplyDiscountCode();
  const removeCode = useRemoveDiscountCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The period just chosen, shown at once while the call runs (a controlled radio would flip back).
  const [periodIntent, setPeriodIntent] = useState<TBasketPeriod | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZApplyDiscountCodeRequest.safeParse({ code });
    if (!parsed.success) return setError(fieldMessage(parsed.error.issues[0]?.message) ?? validationMessage(locale, 'required'));
    setError(null);
    apply.mutate(parsed.data, { onSuccess: () => setCode(''), onError: (failure) => setError(errorMessage(failure, t)) });
  };

  return (
    <section className="basket-options" aria-labelledby={headingId} data-testid="basket-options">
      <h3 className="services-subtitle" id={headingId}>
        {t('services.basketOptions')}
      </h3>
      <RadioGroup
        legend={t('services.period')}
        name="basket-period"
        value={periodIntent ?? basket.period}
        disabled={setPeriod.isPending}
        options={PERIODS.map((period) => ({ value: period, label: periodText(period, 'length') }))}
        onChange={(value) => {
          const period = value === 'FIVE_YEARLY' ? 'FIVE_YEARLY' : 'YEARLY';
          setPeriodIntent(period);
          setPeriod.mutate({ period }, { onSettled: () => setPeriodIntent(null) });
        }}
        data-testid="period-switch"
      />
      {basket.discountCode ? (
        <p className="discount-applied" data-testid="discount-applied">
          <span>{t('services.discountApplied', { code: basket.discountCode.code })}</span>
          <Button variant="ghost" size="sm" busy={removeCode.isPending} onClick={() => removeCode.mutate(undefined)}>
            {t('services.discountRemove')}
          </Button>
        </p>
      ) : (
        <form className="discount-form" onSubmit={submit} noValidate>
          <Field
            label={t('services.discountCode')}
            required
            autoComplete="off"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={error}
            errorTestId="discount-error"
            data-testid="discount-input"
          />
          <Button type="submit" variant="secondary" busy={apply.isPending} data-testid="discount-apply">
            {t('services.discountApply')}
          </Button>
        </form>
      )}
    </section>
  );
}
