import { resellerBasketContracts } from '@kavel/core/contracts/reseller-basket';
import { call } from '../../api/client.ts';
import type { OrderChannel } from '../basket/order-channel.tsx';

/**
 * The reseller wizard's channel (spec 001 section 7, 'Reseller wizard'): the reseller's own basket
 * under its own query key, through the reseller calls. The order page's parts take it from the
 * `OrderChannel` context.
 */
export const RESELLER_CHANNEL: OrderChannel = {
  name: 'reseller',
  basketKey: ['basket', 'reseller'],
  basketApi: {
    get: () => call(resellerBasketContracts.resellerGetBasket),
    addItem: (body) => call(resellerBasketContracts.resellerAddItem, { body }),
    removeItem: (body) => call(resellerBasketContracts.resellerRemoveItem, { body }),
    removeDomain: (body) => call(resellerBasketContracts.resellerRemoveDomain, { body }),
  },
};
