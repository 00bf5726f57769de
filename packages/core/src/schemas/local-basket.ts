import { z } from 'zod';
import { ZOrderAppPeriod } from './basket.ts';
import { safeString } from './safe-text.ts';

/** Where a product page keeps the order app's basket in the browser (`localStorage`). */
export const LOCAL_BASKET_STORAGE_KEY = 'kavel.bestellen.basket';

const ZDomainText = safeString().toLowerCase().min(3).max(253);
/** `period`: what the summary chose for a product charged per month (default: per month). */
const product = { productId: z.number().int().positive(), productCode: safeString().min(1).max(60), period: ZOrderAppPeriod.optional() };

/**
 * Spec 001 section 3's stored local basket: the one product a product page chose, with the fields
 * of its type. A domain that is not free is stored as a transfer, with its transfer code (`token`)
 * asked for in the order app and the choice to move its DNS later (`transferDnsLater`). The server
 * prices it again when the order app converts it (`PUT /api/bestellen/items-omzetten`).
 */
export const ZLocalBasket = z.discriminatedUnion('type', [
  z.object({ type: z.literal('domain'), ...product, domain: ZDomainText, transfer: z.boolean(), token: safeString().max(100).optional(), transferDnsLater: z.boolean().optional() }),
  z.object({ type: z.literal('ssl'), ...product, commonName: ZDomainText }),
  z.object({ type: z.literal('sslmultidomains'), ...product, commonName: ZDomainText, assignedDomains: z.array(ZDomainText).max(100) }),
  /** The domain to protect is chosen in the order app's summary. */
  z.object({ type: z.literal('cloudflare'), ...product, assignedDomain: ZDomainText.optional() }),
  z.object({ type: z.literal('hosting'), ...product, assignedDomain: ZDomainText.optional() }),
  z.object({ type: z.literal('vpspackage'), ...product }),
]);
export type TLocalBasket = z.infer<typeof ZLocalBasket>;
export type TLocalBasketType = TLocalBasket['type'];
