import { useLocation } from '../app/router.ts';
import { CustomerDataPage } from './customer-data-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { OrderAppEntryPage } from './order-app-entry-page.tsx';
import { OrderAppLoginPage } from './order-app-login-page.tsx';
import { ORDER_APP_PATHS, orderRoute } from './order-app-paths.ts';
import { OrderSummaryPage } from './order-summary-page.tsx';
import { PaymentStatusPage } from './payment-status-page.tsx';
import { SummaryPage } from './summary-page.tsx';
import { SuccessfullyRegisteredPage } from './successfully-registered-page.tsx';

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
