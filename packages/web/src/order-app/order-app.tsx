import { lazy } from 'react';
import { NOT_FOUND_PAGE } from '@kavel/core';
import { useLocation } from '../app/router.ts';
import { NotFoundPage, ToNotFoundPage } from './not-found-page.tsx';
import { OrderAppEntryPage } from './order-app-entry-page.tsx';
import { orderAppScreen, orderRoute } from './order-app-paths.ts';

// The entry is the first screen; every other screen is fetched when it is opened (the app
// router's Suspense shows the spinner meanwhile), so the entry's download stays small.
const OrderAppLoginPage = lazy(() => import('./order-app-login-page.tsx').then((m) => ({ default: m.OrderAppLoginPage })));
const CustomerDataPage = lazy(() => import('./customer-data-page.tsx').then((m) => ({ default: m.CustomerDataPage })));
const SuccessfullyRegisteredPage = lazy(() => import('./successfully-registered-page.tsx').then((m) => ({ default: m.SuccessfullyRegisteredPage })));
const OrderSummaryPage = lazy(() => import('./order-summary-page.tsx').then((m) => ({ default: m.OrderSummaryPage })));
const PaymentStatusPage = lazy(() => import('./payment-status-page.tsx').then((m) => ({ default: m.PaymentStatusPage })));
const SummaryPage = lazy(() => import('./summary-page.tsx').then((m) => ({ default: m.SummaryPage })));

/** The separate order app under `/bestellen/` (spec 001 section 2); `/errors/*` shows its not-found page. */
export function OrderApp() {
  const { path } = useLocation();
  if (path === NOT_FOUND_PAGE) return <NotFoundPage />;
  switch (orderAppScreen(path)) {
    case 'entry':
      return <OrderAppEntryPage />;
    case 'login':
      return <OrderAppLoginPage />;
    case 'customer-data':
      return <CustomerDataPage />;
    case 'summary':
      return <SummaryPage />;
    case 'successfully-registered':
      return <SuccessfullyRegisteredPage />;
    case 'order-summary':
    case 'payment-status': {
      // Keyed by order, so moving from one order to another starts afresh.
      const order = orderRoute(path);
      if (order?.screen === 'summary') return <OrderSummaryPage key={order.orderId} orderId={order.orderId} />;
      if (order) return <PaymentStatusPage key={order.orderId} orderId={order.orderId} />;
      return <ToNotFoundPage />;
    }
    default:
      return <ToNotFoundPage />;
  }
}
