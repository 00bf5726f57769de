import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZDirectDebitMandate, type TDirectDebitMandate } from '@kavel/core';
import type { z } from 'zod';

type MandateOutput = z.output<typeof ZDirectDebitMandate>;

/**
 * The SEPA mandate of a first direct-debit order, checked with the request's own schema. `mandate`
 * is the request's `directDebit` once the fields are valid, so the Pay button can wait for it.
 */
export function useDirectDebitForm() {
  const form = useForm<TDirectDebitMandate, unknown, MandateOutput>({
    resolver: zodResolver(ZDirectDebitMandate),
    mode: 'onTouched',
    // Unticked at first; the schema accepts only a ticked box, which is the point.
    defaultValues: { iban: '', accountHolder: '', mandateAccepted: false as unknown as true },
  });
  const values = useWatch({ control: form.control });
  const parsed = ZDirectDebitMandate.safeParse(values);
  return { form, mandate: parsed.success ? parsed.data : null };
}

export type DirectDebitForm = ReturnType<typeof useDirectDebitForm>['form'];
