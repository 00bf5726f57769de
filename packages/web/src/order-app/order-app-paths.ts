/** The order app's routes (spec 001 section 2), under the base path `/bestellen`. */
export const ORDER_APP_BASE = '/bestellen';
export const ORDER_APP_PATHS = {
  entry: ORDER_APP_BASE,
  login: `${ORDER_APP_BASE}/inloggen`,
  customerData: `${ORDER_APP_BASE}/gegevens-invullen`,
  successfullyRegistered: `${ORDER_APP_BASE}/succesvol-geregistreerd`,
  summary: `${ORDER_APP_BASE}/samenvatting`,
} as const;

/** The login page, asked to come back to `returnTo` (this page) afterwards. */
export const loginPathReturningTo = (returnTo: string) => `${ORDER_APP_PATHS.login}?returnTo=${encodeURIComponent(returnTo)}`;

export const orderSummaryPath = (orderId: number) => `${ORDER_APP_BASE}/${orderId}/overzicht`;
export const paymentStatusPath = (orderId: number) => `${ORDER_APP_BASE}/${orderId}/betalingsstatus`;

/** `/bestellen/{id}/overzicht` and `/bestellen/{id}/betalingsstatus`, or null for any other path. */
export function orderRoute(path: string): { orderId: number; screen: 'summary' | 'payment-status' } | null {
  const match = /^\/bestellen\/(\d{1,9})\/(overzicht|betalingsstatus)$/.exec(path);
  if (!match) return null;
  const orderId = Number(match[1]);
  if (!Number.isSafeInteger(orderId) || orderId <= 0) return null;
  return { orderId, screen: match[2] === 'overzicht' ? 'summary' : 'payment-status' };
}
