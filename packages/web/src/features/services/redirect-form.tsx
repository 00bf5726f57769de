import { useState, type FormEvent } from 'react';
import { REDIRECT_URL_MAX_LENGTH, REDIRECT_URL_MIN_LENGTH, ZRedirectUrl, type TBasketItem, type TBasketProduct } from '@kavel/core';
import { ApiError } from '../../api/client.ts';
import { errorMessage } from '../../app/error-message.ts';
import { fieldMessage } from '../../i18n/use-field-message.ts';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { useRemoveItem } from '../basket/use-basket.ts';
import { useAddRedirect } from './use-services.ts';

interface RedirectFormProps {
  item: TBasketItem;
  product: TBasketProduct | undefined;
  /** A Continue found this card set to redirect without one. */
  marked: boolean;
}

/** The forward of a card set to 'redirect': an http(s) URL of 3 to 255 characters; disabled once added. */
export function RedirectForm({ item, product, marked }: RedirectFormProps) {
  const t = useT();
  const add = useAddRedirect();
  const remove = useRemoveItem();
  const existing = item.connectedItem.find((child) => child.productType === 'REDIRECT');
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!product) return;
    const parsed = ZRedirectUrl.safeParse(url);
    if (!parsed.success) return setError(fieldMessage(parsed.error.issues[0]?.message ?? 'redirectUrl') ?? null);
    setError(null);
    add.mutate(
      { productId: product.productId, productCode: product.productCode, value: parsed.data, parentId: item.unique },
      {
        onSuccess: () => setUrl(''),
        onError: (failure) => setError((failure instanceof ApiError && failure.body.fieldErrors?.value) || errorMessage(failure, t)),
      },
    );
  };

  if (existing) {
    return (
      <div className="redirect-form">
        <Field label={t('services.redirectLabel')} type="url" value={existing.title} disabled readOnly data-testid="redirect-input" />
        <Button variant="secondary" size="sm" busy={remove.isPending} onClick={() => remove.mutate(existing.unique)} data-testid="redirect-remove">
          {t('services.redirectRemove')}
        </Button>
      </div>
    );
  }

  const shownError = error ?? (marked ? fieldMessage('redirectUrl') : null);
  // What will be stored, when it differs from what was typed (a missing scheme becomes https://).
  const preview = url.trim() === '' ? null : ZRedirectUrl.safeParse(url);
  const storedAs = preview?.success && preview.data !== url.trim() ? preview.data : null;
  return (
    <form className="redirect-form" onSubmit={submit} noValidate>
      <Field
        label={t('services.redirectLabel')}
        type="url"
        inputMode="url"
        required
        minLength={REDIRECT_URL_MIN_LENGTH}
        maxLength={REDIRECT_URL_MAX_LENGTH}
        placeholder="https://"
        hint={storedAs ? t('services.redirectStoredAs', { url: storedAs }) : t('services.redirectHint')}
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={shownError}
        errorTestId="redirect-error"
        data-testid="redirect-input"
        data-invalid={marked || undefined}
      />
      <Button type="submit" size="sm" busy={add.isPending} disabled={!product} data-testid="redirect-add">
        {t('services.redirectAdd')}
      </Button>
    </form>
  );
}
