import { message, validationMessage, type Locale, type TBasket, type TBasketItem, type TServicesInvalidReason } from '@kavel/core';

export interface InvalidCard {
  unique: string;
  reason: TServicesInvalidReason;
}

export const serviceTypeOf = (item: TBasketItem) =>
  item.options.serviceType ?? (item.connectedItem.some((child) => child.productType === 'REDIRECT') ? 'REDIRECT' : 'HOSTING');

/** The browser's own step 2 check (spec 000 section 5), the same rules the server judges by. */
export function findInvalidCards(basket: TBasket | undefined): InvalidCard[] {
  const invalid: InvalidCard[] = [];
  for (const item of basket?.items ?? []) {
    if (item.productType === 'DOMAIN_TRANSFER' && item.options.ownerConfirmed !== true) invalid.push({ unique: item.unique, reason: 'TRANSFER_OWNER_UNCONFIRMED' });
    if (serviceTypeOf(item) === 'REDIRECT' && !item.connectedItem.some((child) => child.productType === 'REDIRECT')) {
      invalid.push({ unique: item.unique, reason: 'REDIRECT_MISSING' });
    }
  }
  return invalid;
}

export function invalidMessage(reason: TServicesInvalidReason, locale: Locale): string {
  return reason === 'TRANSFER_OWNER_UNCONFIRMED' ? message(locale, 'transferOwnerUnconfirmed') : validationMessage(locale, 'redirectUrl');
}
