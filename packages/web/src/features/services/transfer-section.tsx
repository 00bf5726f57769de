import { useState } from 'react';
import { ZTransferCode, type TBasketItem, type TBasketProduct } from '@kavel/core';
import { ApiError } from '../../api/client.ts';
import { fieldMessage } from '../../i18n/use-field-message.ts';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { RadioGroup } from '../../ui/radio-group.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TransferOwnerCheckbox } from './transfer-owner-checkbox.tsx';
import { useDnsProfiles, useLoggedIn, useSaveTransfer } from './use-services.ts';

interface TransferSectionProps {
  item: TBasketItem;
  product: TBasketProduct | undefined;
  marked: boolean;
}

/**
 * A transfer's code, owner confirmation and DNS choice (spec 000 section 4). The DNS checkbox
 * unlocks after the owner box; the DNS choice is 'copy' unless the customer has profiles (the
 * first one preselected); Save needs the owner box and a change.
 */
export function TransferSection({ item, product, marked }: TransferSectionProps) {
  const t = useT();
  const loggedIn = useLoggedIn();
  const profiles = useDnsProfiles().data ?? [];
  const save = useSaveTransfer();
  const saved = item.options;
  const savedCode = item.connectedItem.find((child) => child.productType === 'TRANSFER_CODE')?.title ?? '';
  const [code, setCode] = useState(savedCode);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [savedNote, setSavedNote] = useState(false);
  const [owner, setOwner] = useState(saved.ownerConfirmed === true);
  const [dnsLater, setDnsLater] = useState(saved.transferDnsLater === true);
  const [choice, setChoice] = useState<'copy' | 'profile'>(saved.dnsProfileId ? 'profile' : 'copy');
  const [profileId, setProfileId] = useState<number | null>(saved.dnsProfileId ?? null);

  const canUseProfiles = loggedIn && profiles.length > 0;
  const selectedProfile = profileId ?? profiles[0]?.id ?? null;
  const dnsProfileId = canUseProfiles && choice === 'profile' ? selectedProfile : null;
  const changed =
    owner !== (saved.ownerConfirmed === true) || dnsLater !== (saved.transferDnsLater === true) || dnsProfileId !== (saved.dnsProfileId ?? null) || code.trim() !== savedCode;
  const ownerInvalid = marked && saved.ownerConfirmed !== true;

  const submit = () => {
    setSavedNote(false);
    let transferCode: { productId: number; productCode: string; value: string } | null = null;
    if (code.trim() !== '' && code.trim() !== savedCode && product) {
      const parsed = ZTransferCode.safeParse(code);
      if (!parsed.success) return setCodeError(fieldMessage(parsed.error.issues[0]?.message ?? 'transferCode') ?? null);
      setCode(parsed.data);
      transferCode = { productId: product.productId, productCode: product.productCode, value: parsed.data };
    }
    setCodeError(null);
    save.mutate(
      { options: { unique: item.unique, ownerConfirmed: owner, transferDnsLater: dnsLater, dnsProfileId }, code: transferCode },
      {
        onSuccess: () => setSavedNote(true),
        onError: (failure) => {
          if (failure instanceof ApiError && failure.body.fieldErrors?.value) setCodeError(failure.body.fieldErrors.value);
        },
      },
    );
  };
  // Any change after a save hides the confirmation until the next save.
  const edit = <T,>(set: (value: T) => void) => (value: T) => {
    setSavedNote(false);
    set(value);
  };

  return (
    <fieldset className="transfer-section" data-testid="transfer-section">
      <legend className="services-subtitle">{t('services.transferTitle')}</legend>
      <Field
        label={t('services.transferCode')}
        hint={t('services.transferCodeHint')}
        autoComplete="off"
        value={code}
        onChange={(event) => edit(setCode)(event.target.value)}
        error={codeError}
        data-testid="transfer-code"
      />
      <TransferOwnerCheckbox checked={owner} onChange={edit(setOwner)} invalid={ownerInvalid} />
      <label className="checkbox">
        <input type="checkbox" checked={dnsLater} disabled={!owner} onChange={(event) => edit(setDnsLater)(event.target.checked)} data-testid="transfer-dns" />
        <span className="checkbox__label">{t('services.transferDns')}</span>
      </label>
      <RadioGroup
        legend={t('services.dnsLegend')}
        name={`dns-${item.unique}`}
        value={canUseProfiles ? choice : 'copy'}
        disabled={!canUseProfiles}
        options={[
          { value: 'copy', label: t('services.dns.copy') },
          { value: 'profile', label: t('services.dns.profile') },
        ]}
        onChange={(value) => edit(setChoice)(value === 'profile' ? 'profile' : 'copy')}
        data-testid="transfer-dns-choice"
      />
      {canUseProfiles && (
        <SelectField
          label={t('services.dnsProfile')}
          value={String(selectedProfile ?? '')}
          disabled={choice !== 'profile'}
          onChange={(event) => edit(setProfileId)(Number(event.target.value))}
          options={profiles.map((profile) => ({ value: String(profile.id), label: profile.name }))}
          data-testid="transfer-dns-profile"
        />
      )}
      <div className="transfer-section__actions">
        <Button size="sm" disabled={!owner || !changed} busy={save.isPending} onClick={submit} data-testid="transfer-save">
          {t('services.save')}
        </Button>
        <p className="transfer-section__status" role="status" data-testid="transfer-saved">
          {savedNote && !changed ? t('services.saved') : ''}
        </p>
      </div>
    </fieldset>
  );
}
