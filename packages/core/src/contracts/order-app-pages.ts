/**
 * The order app's routes (spec 001 section 2), under the base path `/bestellen`: one list, read by
 * the web app's router and by the server, which answers 404 for any other path under the base.
 */
export const ORDER_APP_BASE = '/bestellen';
export const ORDER_APP_PATHS = {
  entry: ORDER_APP_BASE,
  login: `${ORDER_APP_BASE}/inloggen`,
  customerData: `${ORDER_APP_BASE}/gegevens-invullen`,
  successfullyRegistered: `${ORDER_APP_BASE}/succesvol-geregistreerd`,
  summary: `${ORDER_APP_BASE}/samenvatting`,
} as const;

export type OrderAppScreen = 'entry' | 'login' | 'customer-data' | 'successfully-registered' | 'summary' | 'order-summary' | 'payment-status';

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

const FIXED: readonly (readonly [string, OrderAppScreen])[] = [
  [ORDER_APP_PATHS.entry, 'entry'],
  [ORDER_APP_PATHS.login, 'login'],
  [ORDER_APP_PATHS.customerData, 'customer-data'],
  [ORDER_APP_PATHS.summary, 'summary'],
  [ORDER_APP_PATHS.successfullyRegistered, 'successfully-registered'],
];

/**
 * The screen a path under `/bestellen` opens (trailing slashes aside), or null: spec 001's
 * 'any other path', which goes to `/errors/404`. The successfully-registered screen takes the
 * e-mail address as one more path segment.
 */
export function orderAppScreen(pathname: string): OrderAppScreen | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  const fixed = FIXED.find(([known]) => known === path);
  if (fixed) return fixed[1];
  const rest = path.startsWith(`${ORDER_APP_PATHS.successfullyRegistered}/`) ? path.slice(ORDER_APP_PATHS.successfullyRegistered.length + 1) : null;
  if (rest !== null && rest !== '' && !rest.includes('/')) return 'successfully-registered';
  const order = orderRoute(path);
  if (order) return order.screen === 'summary' ? 'order-summary' : 'payment-status';
  return null;
}
