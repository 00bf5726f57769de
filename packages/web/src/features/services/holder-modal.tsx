import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TBasketItem } from '@kavel/core';
import { useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { RadioGroup } from '../../ui/radio-group.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useSetDomainHolder, useWhoisList } from './use-services.ts';

interface HolderModalProps {
  item: TBasketItem;
  open: boolean;
  onClose(): void;
}

// The form library loads when a holder is created, not with the page.
const HolderForm = lazy(() => import('./holder-form.tsx').then((module) => ({ default: module.HolderForm })));

const STANDARD = 'standard';
const NEW = 'new';

/** The domain holder of one domain: the standard holder, one of the customer's own, or a new one. */
export function HolderModal({ item, open, onClose }: HolderModalProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const list = useWhoisList(open);
  const setHolder = useSetDomainHolder();
  const current = item.options.customWhoisId ?? null;
  const [choice, setChoice] = useState<string>(current === null ? STANDARD : String(current));

  const choose = (customWhoisId: number | null) => setHolder.mutate({ unique: item.unique, customWhoisId }, { onSuccess: onClose });
  const created = (id: number) => {
    void queryClient.invalidateQueries({ queryKey: ['whois'] });
    setChoice(String(id));
    choose(id);
  };

  const options = list.data
    ? [
        {
          value: STANDARD,
          label: t('services.holderStandard', { label: list.data.standard.label }),
          // Spec 000 section 3: the standard holder is shown with its e-mail address and phone number.
          hint: [list.data.standard.email, list.data.standard.phone].filter(Boolean).join(' · '),
        },
        ...list.data.custom.map((holder) => ({ value: String(holder.id), label: holder.label })),
        { value: NEW, label: t('services.holderNew') },
      ]
    : [];

  return (
    <Modal
      open={open}
      title={t('services.holderTitle', { domain: item.title })}
      onClose={onClose}
      closeLabel={t('modal.cancel')}
      data-testid="holder-modal"
      actions={
        choice !== NEW && list.data ? (
          <Button busy={setHolder.isPending} onClick={() => choose(choice === STANDARD ? null : Number(choice))} data-testid="holder-use">
            {t('services.holderUse')}
          </Button>
        ) : undefined
      }
    >
      {list.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : list.isError ? (
        <Alert tone="danger">{t('services.holderLoadFailed')}</Alert>
      ) : (
        <>
          <RadioGroup className="holder-choice" legend={t('services.holderChoose')} name={`holder-${item.unique}`} value={choice} options={options} onChange={setChoice} />
          {choice === NEW && (
            <Suspense fallback={<Spinner label={t('common.loading')} />}>
              <HolderForm onCreated={created} />
            </Suspense>
          )}
        </>
      )}
    </Modal>
  );
}
