import { LOCAL_BASKET_STORAGE_KEY } from '@kavel/core';

/** Where the order app's registration keeps the address it registered, for this browser tab only. */
const REGISTERED_EMAIL_KEY = 'kavel.bestellen.registered-email';

/** Called when the registration succeeded: the next screen may name this address. */
export function rememberRegisteredEmail(email: string): void {
  try {
    window.sessionStorage.setItem(REGISTERED_EMAIL_KEY, email);
  } catch {
    // Storage refused (private mode, quota): the next screen names no address.
  }
}

/**
 * The address to name on the successfully-registered screen: the one this tab registered, and only
 * when an address given in the link (`claimed`) is that same one. A link cannot make the shop
 * show a text of someone else's choosing.
 */
export function registeredEmailToShow(claimed: string): string | null {
  let stored: string | null = null;
  try {
    stored = window.sessionStorage.getItem(REGISTERED_EMAIL_KEY);
  } catch {
    return null;
  }
  if (!stored) return null;
  if (claimed && claimed.toLowerCase() !== stored.toLowerCase()) return null;
  return stored;
}

/** Whether this browser holds the order app's local basket (spec 001 section 3). */
export function hasLocalBasket(): boolean {
  try {
    return window.localStorage.getItem(LOCAL_BASKET_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}
