import type { TBasket, TDomainKind, TServiceType } from './schemas/basket.ts';
import type { TServicesInvalidReason, TServicesValidation } from './schemas/services.ts';
import type { Locale } from './money.ts';
import { message } from './texts/messages.ts';
import { validationMessage } from './texts/validation.ts';

/**
 * The rules of step 2 (spec 000 section 5), once for the server (which judges) and the page
 * (which marks the cards before asking): a service card is a domain with its connected items.
 */
export interface ServiceCard {
  unique: string;
  productType: string;
  options: { serviceType?: TServiceType | null | undefined; ownerConfirmed?: boolean | null | undefined };
  children: readonly { productType: string }[];
}

export interface InvalidService {
  unique: string;
  reason: TServicesInvalidReason;
}

/** A domain item's kind; null for anything that is not a domain. `invoiced` marks the customer's own domain. */
export function domainKindOf(item: { productType: string; invoiced: boolean }): TDomainKind | null {
  if (item.productType !== 'DOMAIN' && item.productType !== 'DOMAIN_TRANSFER') return null;
  if (item.invoiced) return 'OWN_DOMAIN';
  return item.productType === 'DOMAIN' ? 'REGISTRATION' : 'TRANSFER';
}

const SERVICE_TYPES: Record<TDomainKind, readonly TServiceType[]> = {
  REGISTRATION: ['HOSTING', 'REGISTRATION_ONLY', 'REDIRECT'],
  TRANSFER: ['HOSTING', 'REGISTRATION_ONLY', 'REDIRECT'],
  // The customer has the name already and came for hosting on it: registering or forwarding it
  // here makes no sense (a forward of an own domain is set on the account's forwarding page).
  OWN_DOMAIN: ['HOSTING'],
};

/** The service types a card offers for a domain of this kind (spec 000 section 4; none for a non-domain). */
export function serviceTypesFor(kind: TDomainKind | null): readonly TServiceType[] {
  return kind ? SERVICE_TYPES[kind] : [];
}

/** The card's service type: the stored choice; else redirect when a forward exists (spec 000 section 4); else hosting. */
export function serviceTypeOf(domain: { options: { serviceType?: TServiceType | null | undefined } }, children: readonly { productType: string }[]): TServiceType {
  return domain.options.serviceType ?? (children.some((child) => child.productType === 'REDIRECT') ? 'REDIRECT' : 'HOSTING');
}

/**
 * The cards that stop step 2, in basket order: a transfer whose owner box is not ticked, and a
 * card set to redirect without a redirect.
 */
export function findInvalidServices(cards: Iterable<ServiceCard>): InvalidService[] {
  const invalid: InvalidService[] = [];
  for (const card of cards) {
    if (card.productType === 'DOMAIN_TRANSFER' && card.options.ownerConfirmed !== true) {
      invalid.push({ unique: card.unique, reason: 'TRANSFER_OWNER_UNCONFIRMED' });
    }
    if (serviceTypeOf(card, card.children) === 'REDIRECT' && !card.children.some((child) => child.productType === 'REDIRECT')) {
      invalid.push({ unique: card.unique, reason: 'REDIRECT_MISSING' });
    }
  }
  return invalid;
}

/** The cards of a basket as the API answers it (the page's view). */
export function serviceCardsOf(basket: Pick<TBasket, 'items'> | undefined): ServiceCard[] {
  return (basket?.items ?? []).map((item) => ({ unique: item.unique, productType: item.productType, options: item.options, children: item.connectedItem }));
}

const MESSAGE_OF: Record<TServicesInvalidReason, (locale: Locale) => string> = {
  TRANSFER_OWNER_UNCONFIRMED: (locale) => message(locale, 'transferOwnerUnconfirmed'),
  // The redirect field is required: an empty one is answered like an invalid one.
  REDIRECT_MISSING: (locale) => validationMessage(locale, 'redirectUrl'),
};

/** What a card that stops step 2 tells the visitor. */
export function invalidServiceMessage(reason: TServicesInvalidReason, locale: Locale): string {
  return MESSAGE_OF[reason](locale);
}

/** The step 2 verdict: OK, or FAILED with the message of the first card that needs action. */
export function servicesVerdict(invalid: readonly InvalidService[], locale: Locale): TServicesValidation {
  const first = invalid[0];
  if (!first) return { status: 'OK', message: '', invalid: [...invalid] };
  return { status: 'FAILED', message: invalidServiceMessage(first.reason, locale), invalid: [...invalid] };
}
