import {
  mayPayWith,
  message,
  type Locale,
  type TOnAccountFacts,
  type TAcceptAdditionalServiceRequest,
  type TAdditionalServiceProposal,
  type TBasketValidation,
  type TPaymentMethod,
  type TSslProposal,
} from '@kavel/core';
import { HttpError, refusal } from '../../http/errors.ts';
import type { BasketAddition, BasketOwner, BasketService } from '../basket/basket-service.ts';
import { checkBasket, validateBasket, type BasketValidationDeps } from './basket-validation.ts';
import type { BasketValidator } from './checkout-port.ts';
import { paymentMethodList } from './payment-methods.ts';
import { proposeSmartBenefits, type SmartBenefits } from './smart-benefits.ts';

export interface CheckoutService extends BasketValidator {
  proposeAdditionalService(owner: BasketOwner): Promise<TAdditionalServiceProposal>;
  proposeAdditionalServiceSsl(owner: BasketOwner): Promise<TSslProposal>;
  /**
   * Puts the accepted offers in the basket in one transaction, for the domains the offers are for
   * as the basket is at that moment (409 when it no longer offers one of them: nothing changes), and
   * answers the validation of the new basket (without the customer's checks for a visitor).
   */
  acceptAdditionalService(owner: BasketOwner, request: TAcceptAdditionalServiceRequest, locale: Locale): Promise<TBasketValidation>;
  /**
   * The methods this customer may pay this basket with, with their surcharge (see
   * `payment-methods.ts`, which the purchase uses too): on account only for whom core's rule allows.
   */
  paymentMethods(owner: BasketOwner, locale: Locale): Promise<TPaymentMethod[]>;
}

export interface CheckoutDeps extends Omit<BasketValidationDeps, 'basket'> {
  basket: Pick<BasketService, 'get' | 'checked' | 'removeItems' | 'addToDomains'>;
  /** The orders feature's facts for core's on-account rule (null: no such customer). */
  onAccountFacts(customerId: number): Promise<TOnAccountFacts | null>;
}

/** The additions for the accepted offers; throws a refusal when the basket no longer offers one. */
function additionsFor(accepted: ReadonlySet<string>, benefits: SmartBenefits, locale: Locale): BasketAddition[] {
  const changed = () => refusal(locale, 409, 'checkoutProposalChanged');
  const additions: BasketAddition[] = [];
  const hostingTypes = [...accepted].filter((type) => type !== 'ADD_SSL');
  // Hosting first: a certificate accepted with it needs the package in place.
  for (const type of hostingTypes) {
    if (benefits.hosting.serviceType !== type || !benefits.hostingAddition) throw changed();
    additions.push(benefits.hostingAddition);
  }
  if (accepted.has('ADD_SSL')) {
    if (!benefits.sslAddition) throw changed();
    if (!benefits.targetHasHosting && hostingTypes.length === 0) {
      throw new HttpError(409, message(locale, 'checkoutSslNeedsHosting', { domain: benefits.ssl.domain ?? '' }));
    }
    additions.push(benefits.sslAddition);
  }
  return additions;
}

/** Step 3 before the purchase: basket validation, the smart benefits and the payment methods. */
export function createCheckoutService(deps: CheckoutDeps): CheckoutService {
  const benefitsOf = async (owner: BasketOwner) => {
    const [basket, catalogue] = await Promise.all([deps.basket.get(owner), deps.snapshot()]);
    return proposeSmartBenefits(basket, catalogue);
  };

  return {
    validateBasket: (owner, locale, customer) => validateBasket(deps, owner, locale, customer),
    checkBasket: (owner, locale, customer) => checkBasket(deps, owner, locale, customer),

    proposeAdditionalService: async (owner) => (await benefitsOf(owner)).hosting,

    proposeAdditionalServiceSsl: async (owner) => (await benefitsOf(owner)).ssl,

    async acceptAdditionalService(owner, request, locale) {
      const accepted = new Set<string>(request.acceptedServiceTypes);
      if (accepted.size > 0) {
        const catalogue = await deps.snapshot();
        // Decided on the basket read inside the change's transaction, so the offer and the change agree.
        await deps.basket.addToDomains(owner, (basket) => additionsFor(accepted, proposeSmartBenefits(basket, catalogue), locale), locale);
      }
      return validateBasket(deps, owner, locale);
    },

    async paymentMethods(owner, locale) {
      const [basket, catalogue, facts] = await Promise.all([deps.basket.get(owner), deps.snapshot(), owner.customerId === null ? null : deps.onAccountFacts(owner.customerId)]);
      // The list offers only what the purchase would take from this customer (a visitor pays online).
      const offered = catalogue.paymentMethods.filter((method) => mayPayWith(method.code, facts));
      return paymentMethodList(basket, offered, locale);
    },
  };
}
