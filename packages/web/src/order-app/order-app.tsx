import { lazy } from 'react';
import { useLocation } from '../app/router.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { OrderAppEntryPage } from './order-app-entry-page.tsx';
import { ORDER_APP_PATHS, orderRoute } from './order-app-paths.ts';

// The entry is the first screen; every other screen is fetched when it is opened (the app
// router's Suspense shows the spinner meanwhile), so the entry's download stays small.
const OrderAppLoginPage = lazy(() => import('./order-app-login-page.tsx').then((m) => ({ default: m.OrderAppLoginPage })));
const CustomerDataPage = lazy(() => import('./customer-data-page.tsx').then((m) => ({ default: m.CustomerDataPage })));
const SuccessfullyRegisteredPage = lazy(() => import('./successfully-registered-page.tsx').then((m) => ({ default: m.SuccessfullyRegisteredPage })));
const OrderSummaryPage = lazy(() => import('./order-summary-page.tsx').then((m) => ({ default: m.OrderSummaryPage })));
const PaymentStatusPage = lazy(() => import('./payment-status-page.tsx').then((m) => ({ default: m.PaymentStatusPage })));
const SummaryPage = lazy(() => import('./summary-page.tsx').then((m) => ({ default: m.SummaryPage })));

/** The separate order app under `/bestellen/` (spec 001 section 2). */
export function OrderApp() {
  const { path } = useLocation();
  if (path === ORDER_APP_PATHS.entry) return <OrderAppEntryPage />;
  if (path === ORDER_APP_PATHS.login) return <OrderAppLoginPage />;
  if (path === ORDER_APP_PATHS.customerData) return <CustomerDataPage />;
  if (path === ORDER_APP_PATHS.summary) return <SummaryPage />;
  if (path === ORDER_APP_PATHS.successfullyRegistered || path.startsWith(`${ORDER_APP_PATHS.successfullyRegistered}/`)) return <SuccessfullyRegisteredPage />;
  const order = orderRoute(path);
  // Keyed by order, so moving from one order to another starts afresh.
  if (order?.screen === 'summary') return <OrderSummaryPage key={order.orderId} orderId={order.orderId} />;
  if (order?.screen === 'payment-status') return <PaymentStatusPage key={order.orderId} orderId={order.orderId} />;
  return <NotFoundPage />;
}
