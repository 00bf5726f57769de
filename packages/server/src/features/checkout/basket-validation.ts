import { isCustomerDataComplete, message, type Locale, type MessageKey, type TAvailabilityStatus, type TBasket, type TBasketItem, type TBasketValidation, type TCustomerSummary, type TServicesValidation } from '@kavel/core';
import { refusal } from '../../http/errors.ts';
import type { CustomerLookup } from '../accounts/customer-lookup.ts';
import type { AvailabilityService } from '../availability/availability-service.ts';
import type { BasketOwner, BasketService } from '../basket/basket-service.ts';
import type { CatalogueSnapshot } from '../catalogue/catalogue-service.ts';

export interface BasketValidationDeps {
  basket: Pick<BasketService, 'checked' | 'removeItems'>;
  snapshot(): Promise<CatalogueSnapshot>;
  availability: Pick<AvailabilityService, 'checkDomain'>;
  /** Whether the shop already administers the domain (a transfer to us of our own domain makes no sense). */
  isRegisteredInShop(domain: string): Promise<boolean>;
  customer: CustomerLookup;
  ownsHolder(customerId: number, holderId: number): Promise<boolean>;
}

export const OK: TBasketValidation = { status: 'OK', message: '' };
const failed = (text: string): TBasketValidation => ({ status: 'FAILED', message: text });

const isNewDomain = (item: TBasketItem) => (item.productType === 'DOMAIN' || item.productType === 'DOMAIN_TRANSFER') && !item.invoiced;
const isHosting = (item: TBasketItem) => item.productType === 'LINUX_PACKAGE' || item.productType === 'RESELLER_PACKAGE';


interface AvailabilityVerdict {
  domain: TBasketItem;
  /** The message key when the domain cannot be ordered as it is. */
  problem: MessageKey | null;
  /** A registration that is no longer free leaves the basket. */
  remove: boolean;
}

/** What a fresh registry answer means for a registration or a transfer in the basket. */
async function judgeAvailability(deps: BasketValidationDeps, catalogue: CatalogueSnapshot, domain: TBasketItem): Promise<AvailabilityVerdict> {
  const extension = catalogue.extensionsById.get(domain.productId)?.extension;
  const label = extension && domain.title.endsWith(`.${extension}`) ? domain.title.slice(0, -(extension.length + 1)) : null;
  // Not cached: a domain may have been registered since it went into the basket.
  const status: TAvailabilityStatus = label && extension ? await deps.availability.checkDomain(label, extension, { fresh: true }) : 'invalid';
  const verdict = (problem: MessageKey | null, remove = false): AvailabilityVerdict => ({ domain, problem, remove });
  if (status === 'error') return verdict('checkoutAvailabilityUnknown');
  if (domain.productType === 'DOMAIN') {
    if (status === 'free') return verdict(null);
    return verdict(status === 'active' ? 'checkoutRegisteredMeanwhile' : 'checkoutNoLongerAvailable', true);
  }
  if (status === 'free') return verdict('checkoutTransferNotRegistered');
  if (status !== 'active') return verdict('checkoutTransferUnavailable');
  return verdict((await deps.isRegisteredInShop(domain.title)) ? 'checkoutTransferInShop' : null);
}

/**
 * Step 3's check before an order (decision 7 of issue 5), in this order: the basket is not empty;
 * the customer is no sub-user; no hosting without a domain; step 2's rules; every transfer has its
 * code; every new domain is still available (asked again, not from the cache; a registration that
 * is gone is removed from the basket); and every new domain has a complete holder of the customer's
 * own. The customer checks are left out for a visitor (`owner.customerId` null), who is asked them
 * after logging in. The first failing rule answers FAILED with its message.
 */
export async function validateBasket(deps: BasketValidationDeps, owner: BasketOwner, locale: Locale, known?: TCustomerSummary): Promise<TBasketValidation> {
  return (await checkBasket(deps, owner, locale, known)).verdict;
}

/** `validateBasket`, answering the basket it judged as well. */
export async function checkBasket(
  deps: BasketValidationDeps,
  owner: BasketOwner,
  locale: Locale,
  known?: TCustomerSummary,
): Promise<{ verdict: TBasketValidation; basket: TBasket }> {
  const { basket, services } = await deps.basket.checked(owner, locale);
  const verdict = await judge(deps, owner, locale, known, basket, services);
  return { verdict, basket };
}

async function judge(
  deps: BasketValidationDeps,
  owner: BasketOwner,
  locale: Locale,
  known: TCustomerSummary | undefined,
  basket: TBasket,
  services: TServicesValidation,
): Promise<TBasketValidation> {
  if (basket.empty) return failed(message(locale, 'checkoutBasketEmpty'));

  let customer: TCustomerSummary | null = null;
  if (owner.customerId !== null) {
    customer = known?.id === owner.customerId ? known : await deps.customer(owner.customerId);
    if (!customer) throw refusal(locale, 401, 'loginRequired');
    if (customer.isSubUser) return failed(message(locale, 'checkoutSubUser'));
  }

  if (basket.domainIsMissingForHosting || basket.items.some(isHosting)) return failed(message(locale, 'checkoutHostingWithoutDomain'));

  if (services.status === 'FAILED') return failed(services.message);

  const domains = basket.items.filter(isNewDomain);
  const withoutCode = domains.find((item) => item.productType === 'DOMAIN_TRANSFER' && !item.connectedItem.some((child) => child.productType === 'TRANSFER_CODE'));
  if (withoutCode) return failed(message(locale, 'checkoutTransferCodeMissing', { domain: withoutCode.title }));

  const catalogue = await deps.snapshot();
  const verdicts = await Promise.all(domains.map((domain) => judgeAvailability(deps, catalogue, domain)));
  const problems = verdicts.filter((verdict) => verdict.problem !== null);
  if (problems.length > 0) {
    // Every registration that is gone leaves at once, so the reloaded basket shows what can still be ordered.
    await deps.basket.removeItems(
      owner,
      problems.filter((verdict) => verdict.remove).map((verdict) => verdict.domain.unique),
    );
    return failed(problems.map((verdict) => message(locale, verdict.problem!, { domain: verdict.domain.title })).join(' '));
  }

  if (customer) {
    for (const domain of domains) {
      const holderId = domain.options.customWhoisId ?? null;
      if (holderId === null && !isCustomerDataComplete(customer)) return failed(message(locale, 'checkoutHolderIncomplete', { domain: domain.title }));
      if (holderId !== null && !(await deps.ownsHolder(customer.id, holderId))) return failed(message(locale, 'checkoutHolderUnknown', { domain: domain.title }));
    }
  }
  return OK;
}
