import { useId } from 'react';
import { invalidServiceMessage } from '@kavel/core';
import { useLocale, useT } from '../../i18n/use-t.ts';

interface TransferOwnerCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** A Continue found the ownership unconfirmed: marked, with the spec's message under it. */
  invalid: boolean;
}

/** A transfer's 'I own this domain and want to move it' box (spec 000 section 5), in the shop's and the reseller's step 2. */
export function TransferOwnerCheckbox({ checked, onChange, invalid }: TransferOwnerCheckboxProps) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  return (
    <div className="checkbox-field">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-owner-error` : undefined}
          data-invalid={invalid || undefined}
          data-testid="transfer-owner"
        />
        <span className="checkbox__label">{t('services.owner')}</span>
      </label>
      {invalid && (
        <p className="field__error" id={`${id}-owner-error`} data-testid="transfer-owner-error">
          {invalidServiceMessage('TRANSFER_OWNER_UNCONFIRMED', locale)}
        </p>
      )}
    </div>
  );
}
