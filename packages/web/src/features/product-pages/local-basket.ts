import { LOCAL_BASKET_STORAGE_KEY, ZLocalBasket, type TLocalBasket, ORDER_APP_BASE } from '@kavel/core';
import { navigate } from '../../app/router.ts';

/** The order app's entry, where a product page sends the visitor with the chosen product. */
export const ORDER_APP_ENTRY = `${ORDER_APP_BASE}/`;

/**
 * Stores the one product a product page chose as the order app's local basket (spec 001 section
 * 3), replacing what was there, and opens the order app.
 */
export function orderProduct(item: TLocalBasket): void {
  window.localStorage.setItem(LOCAL_BASKET_STORAGE_KEY, JSON.stringify(ZLocalBasket.parse(item)));
  navigate(ORDER_APP_ENTRY);
}

/** The stored local basket, or null when there is none or it cannot be read. */
export function storedLocalBasket(): TLocalBasket | null {
  try {
    const parsed = ZLocalBasket.safeParse(JSON.parse(window.localStorage.getItem(LOCAL_BASKET_STORAGE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps the summary's choices (transfer code, domain, period) in the stored local basket. */
export function saveLocalBasket(item: TLocalBasket): void {
  window.localStorage.setItem(LOCAL_BASKET_STORAGE_KEY, JSON.stringify(item));
}

/** Forgets the stored local basket (ordered or cancelled). */
export function clearLocalBasket(): void {
  window.localStorage.removeItem(LOCAL_BASKET_STORAGE_KEY);
}
