import { useState } from 'react';
import { ZTransferCode, type TBasketItem, type TBasketProduct } from '@kavel/core';
import { ApiError } from '../../api/client.ts';
import { fieldMessage } from '../../i18n/use-field-message.ts';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { TransferOwnerCheckbox } from '../services/transfer-owner-checkbox.tsx';
import { useOrderChannel } from '../basket/order-channel.tsx';
import { useBasketMutation } from '../basket/use-basket.ts';
import { useResellerT } from './reseller-texts.ts';

interface ResellerTransferSectionProps {
  item: TBasketItem;
  /** The catalogue's transfer-code product. */
  product: TBasketProduct | undefined;
  /** A Continue found the ownership unconfirmed. */
  marked: boolean;
}

/**
 * A transfer in the reseller wizard (spec 001 sections 4 and 5): the ownership checkbox and the
 * transfer code; Save is enabled only when the box is ticked and something changed. The wizard
 * has no call for the options alone: saving sends the code (`resellerAddItem` with `value`),
 * which the server takes as the ownership confirmed.
 */
export function ResellerTransferSection({ item, product, marked }: ResellerTransferSectionProps) {
  const t = useT();
  const rt = useResellerT();
  const { basketApi } = useOrderChannel();
  const save = useBasketMutation((value: string) => basketApi.addItem({ productId: product?.productId ?? 0, productCode: product?.productCode ?? '', parentId: item.unique, value }), {
    inlineErrors: true,
  });
  const confirmed = item.options.ownerConfirmed === true;
  const savedCode = item.connectedItem.find((child) => child.productType === 'TRANSFER_CODE')?.title ?? '';
  const [code, setCode] = useState(savedCode);
  const [owner, setOwner] = useState(confirmed);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [savedNote, setSavedNote] = useState(false);
  const changed = owner !== confirmed || code.trim() !== savedCode;
  const ownerInvalid = marked && !confirmed;

  const submit = () => {
    setSavedNote(false);
    if (code.trim() === '') return setCodeError(rt('transferCodeNeeded'));
    const parsed = ZTransferCode.safeParse(code);
    if (!parsed.success) return setCodeError(fieldMessage(parsed.error.issues[0]?.message ?? 'transferCode') ?? null);
    setCodeError(null);
    setCode(parsed.data);
    save.mutate(parsed.data, {
      onSuccess: () => setSavedNote(true),
      onError: (failure) => setCodeError(failure instanceof ApiError ? (failure.body.fieldErrors?.value ?? failure.body.message) : t('error.generic')),
    });
  };

  return (
    <fieldset className="transfer-section" data-testid="transfer-section">
      <legend className="services-subtitle">{t('services.transferTitle')}</legend>
      <p className="services-note">{rt('transferIntro', { domain: item.title })}</p>
      <TransferOwnerCheckbox
        checked={owner}
        onChange={(checked) => {
          setSavedNote(false);
          setOwner(checked);
        }}
        invalid={ownerInvalid}
      />
      <Field
        label={t('services.transferCode')}
        autoComplete="off"
        value={code}
        onChange={(event) => {
          setSavedNote(false);
          setCode(event.target.value);
        }}
        error={codeError}
        data-testid="transfer-code"
      />
      <div className="transfer-section__actions">
        <Button size="sm" disabled={!owner || !changed || !product} busy={save.isPending} onClick={submit} data-testid="transfer-save">
          {t('services.save')}
        </Button>
        <p className="transfer-section__status" role="status" data-testid="transfer-saved">
          {savedNote && !changed ? rt('transferSaved') : ''}
        </p>
      </div>
    </fieldset>
  );
}
