import { matchPage, PAGES, pageHref } from './pages.ts';

/**
 * The order app's routes (spec 001 section 2), under the base path `/bestellen`: views of the
 * page list (`pages.ts`), read by the web app and by the server, which answers 404 for any other
 * path under the base.
 */
export const ORDER_APP_BASE = PAGES.orderAppEntry.path;
export const ORDER_APP_PATHS = {
  entry: PAGES.orderAppEntry.path,
  login: PAGES.orderAppLogin.path,
  customerData: PAGES.orderAppCustomerData.path,
  successfullyRegistered: PAGES.orderAppRegistered.path,
  summary: PAGES.orderAppSummary.path,
} as const;

export type OrderAppScreen = 'entry' | 'login' | 'customer-data' | 'successfully-registered' | 'summary' | 'order-summary' | 'payment-status';

export const orderSummaryPath = (orderId: number) => pageHref(PAGES.orderSummary, { params: { orderId } });
export const paymentStatusPath = (orderId: number) => pageHref(PAGES.paymentStatus, { params: { orderId } });

/** `/bestellen/{id}/overzicht` and `/bestellen/{id}/betalingsstatus`, or null for any other path. */
export function orderRoute(path: string): { orderId: number; screen: 'summary' | 'payment-status' } | null {
  const found = matchPage(path);
  if (found?.name !== 'orderSummary' && found?.name !== 'paymentStatus') return null;
  return { orderId: Number(found.params.orderId), screen: found.name === 'orderSummary' ? 'summary' : 'payment-status' };
}

const SCREENS: Partial<Record<string, OrderAppScreen>> = {
  orderAppEntry: 'entry',
  orderAppLogin: 'login',
  orderAppCustomerData: 'customer-data',
  orderAppSummary: 'summary',
  orderAppRegistered: 'successfully-registered',
  orderAppRegisteredAs: 'successfully-registered',
  orderSummary: 'order-summary',
  paymentStatus: 'payment-status',
};

/**
 * The screen a path under `/bestellen` opens (trailing slashes aside), or null: spec 001's
 * 'any other path', which goes to `/errors/404`. The successfully-registered screen takes the
 * e-mail address as one more path segment.
 */
export function orderAppScreen(pathname: string): OrderAppScreen | null {
  const found = matchPage(pathname);
  return (found && SCREENS[found.name]) ?? null;
}
