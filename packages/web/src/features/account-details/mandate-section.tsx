import type { TDirectDebitMandate, TMandateState } from '@kavel/core';
import { checkoutContracts } from '@kavel/core/contracts/checkout';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { call } from '../../api/client.ts';
import { useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { applyServerErrors } from '../accounts/server-field-errors.ts';
import { checkoutApi } from '../checkout/checkout-api.ts';
import { DirectDebitFields } from '../checkout/direct-debit-fields.tsx';
import { useDirectDebitForm } from '../checkout/use-direct-debit-form.ts';
import '../checkout/checkout.css';
import { useDetailsT } from './details-texts.ts';

const MANDATE_QUERY = ['direct-debit-mandate'];
const MANDATE_FIELDS = ['iban', 'accountHolder', 'mandateAccepted'] as const;

/**
 * How the customer pays: by direct debit (the mandate's IBAN, masked), or on account with the
 * form that gives a mandate, so that later orders carry no administration fee.
 */
export function MandateSection() {
  const t = useDetailsT();
  const headingId = useId();
  const state = useQuery({ queryKey: MANDATE_QUERY, queryFn: checkoutApi.directDebitMandate, staleTime: 0 });
  const [given, setGiven] = useState(false);
  return (
    <section className="account-details__section" aria-labelledby={headingId} data-testid="account-payment">
      <h2 className="account-details__title" id={headingId}>
        {t('paymentTitle')}
      </h2>
      {state.isError ? (
        <Alert tone="danger">{t('loadFailed')}</Alert>
      ) : !state.data ? (
        <Spinner label={t('paymentTitle')} />
      ) : state.data.hasMandate ? (
        <>
          {given && (
            <Alert tone="success" data-testid="mandate-given">
              {t('mandateGiven')}
            </Alert>
          )}
          <p data-testid="pays-by-direct-debit">{t('paysByDirectDebit', { iban: state.data.ibanMasked ?? '' })}</p>
        </>
      ) : (
        <>
          <p data-testid="pays-on-account">{t('paysOnAccount')}</p>
          <MandateForm onGiven={() => setGiven(true)} />
        </>
      )}
    </section>
  );
}

function MandateForm({ onGiven }: { onGiven: () => void }) {
  const t = useDetailsT();
  const translate = useT();
  const queryClient = useQueryClient();
  const { form } = useDirectDebitForm();
  const [refusal, setRefusal] = useState<string | null>(null);
  const give = useMutation({
    mutationFn: (body: TDirectDebitMandate) => call(checkoutContracts.giveDirectDebitMandate, { body }),
    meta: { inlineErrors: true },
    onSuccess: (answer: TMandateState) => {
      queryClient.setQueryData(MANDATE_QUERY, answer);
      onGiven();
    },
    onError: (error) => setRefusal(applyServerErrors(error, form.setError, MANDATE_FIELDS, translate)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    void form.handleSubmit((values) => give.mutate(values))();
  };
  return (
    <form className="account-details__mandate" onSubmit={submit} noValidate data-testid="mandate-form">
      {refusal && (
        <Alert tone="danger" data-testid="mandate-refused">
          {refusal}
        </Alert>
      )}
      <DirectDebitFields form={form} disabled={give.isPending} />
      <div className="form-actions">
        <Button type="submit" busy={give.isPending} data-testid="mandate-submit">
          {t('giveMandate')}
        </Button>
      </div>
    </form>
  );
}
