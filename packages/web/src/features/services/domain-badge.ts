import type { TDomainKind } from '@kavel/core';

/** The badge beside a step 2 card's domain: a registration, a transfer or the customer's own domain. */
export const DOMAIN_BADGE: Record<TDomainKind, 'services.registrationBadge' | 'services.transferBadge' | 'services.ownDomainBadge'> = {
  REGISTRATION: 'services.registrationBadge',
  TRANSFER: 'services.transferBadge',
  OWN_DOMAIN: 'services.ownDomainBadge',
};
