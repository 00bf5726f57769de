import { z } from 'zod';
import { ZLocalBasket } from '../schemas/local-basket.ts';
import { ZOrderAppCancelled, ZOrderAppOrderPlaced, ZOrderAppOrderRequest, ZOrderBasket } from '../schemas/order-basket.ts';
import { contract } from './contract.ts';

/** The order app's basket and its two ways to order (spec 001 section 7). */
export const orderAppContracts = {
  orderAppBasket: contract({ method: 'GET', path: '/api/bestellen', response: ZOrderBasket }),
  orderAppCancel: contract({ method: 'DELETE', path: '/api/bestellen', response: ZOrderAppCancelled }),
  orderAppConvert: contract({ method: 'PUT', path: '/api/bestellen/items-omzetten', body: ZLocalBasket, response: ZOrderBasket }),
  orderAppPaymentRequired: contract({ method: 'GET', path: '/api/bestellen/betaling-vereist', response: z.boolean() }),
  /** Ordered and paid online first: answers the order, whose payment page comes from `{id}/betaling`. */
  orderAppSendOmnikassa: contract({ method: 'POST', path: '/api/bestellen/send-omnikassa', body: ZOrderAppOrderRequest, response: ZOrderAppOrderPlaced }),
  /** Ordered on account (or by direct debit): placed at once. */
  orderAppPlace: contract({ method: 'POST', path: '/api/bestellen', body: ZOrderAppOrderRequest, response: ZOrderAppOrderPlaced }),
};
