import type { TBasketValidation } from '@kavel/core';
import { resellerCheckoutContracts } from '@kavel/core/contracts/reseller-checkout';
import { call } from '../../api/client.ts';
import type { PaymentCalls } from '../checkout/payment-section.tsx';

/** Step 3's reseller calls: the payment methods and `resellerOrder` for the shared payment section (step 3's chunk only). */
export const RESELLER_PAYMENT: PaymentCalls = {
  paymentMethods: () => call(resellerCheckoutContracts.resellerPaymentMethods),
  purchase: (body) => call(resellerCheckoutContracts.resellerOrder, { body }),
};

export const validateResellerBasket = (): Promise<TBasketValidation> => call(resellerCheckoutContracts.resellerValidateBasket);
