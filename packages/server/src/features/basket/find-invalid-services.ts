import { message, validationMessage, type Locale, type TServicesInvalidReason, type TServicesValidation } from '@kavel/core';
import type { BasketItemRow } from './basket-repository.ts';
import { isDomainItem, serviceTypeOf } from './service-types.ts';

export interface InvalidService {
  unique: string;
  reason: TServicesInvalidReason;
}

/**
 * The cards that stop step 2 (spec 000 section 5), in basket order: a transfer whose owner box is
 * not ticked, and a card set to redirect without a redirect. Pure, so checkout can use it too.
 */
export function findInvalidServices(rows: readonly BasketItemRow[]): InvalidService[] {
  const invalid: InvalidService[] = [];
  for (const domain of rows.filter(isDomainItem)) {
    const children = rows.filter((row) => row.parentUnique === domain.unique);
    if (domain.productType === 'DOMAIN_TRANSFER' && domain.options.ownerConfirmed !== true) {
      invalid.push({ unique: domain.unique, reason: 'TRANSFER_OWNER_UNCONFIRMED' });
    }
    if (serviceTypeOf(domain, children) === 'REDIRECT' && !children.some((child) => child.productType === 'REDIRECT')) {
      invalid.push({ unique: domain.unique, reason: 'REDIRECT_MISSING' });
    }
  }
  return invalid;
}

const MESSAGE_OF: Record<TServicesInvalidReason, (locale: Locale) => string> = {
  TRANSFER_OWNER_UNCONFIRMED: (locale) => message(locale, 'transferOwnerUnconfirmed'),
  // The redirect field is required: an empty one is answered like an invalid one.
  REDIRECT_MISSING: (locale) => validationMessage(locale, 'redirectUrl'),
};

/** The step 2 verdict: OK, or FAILED with the message of the first card that needs action. */
export function servicesVerdict(invalid: readonly InvalidService[], locale: Locale): TServicesValidation {
  const first = invalid[0];
  if (!first) return { status: 'OK', message: '', invalid: [] };
  return { status: 'FAILED', message: MESSAGE_OF[first.reason](locale), invalid: [...invalid] };
}
