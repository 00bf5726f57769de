import { lazy } from 'react';
import { matchPage, type PageName } from '@kavel/core';
import { useLocation } from '../app/router.ts';
import { NotFoundPage, ToNotFoundPage } from './not-found-page.tsx';
import { OrderAppEntryPage } from './order-app-entry-page.tsx';

// The entry is the first screen; every other screen is fetched when it is opened (the app
// router's Suspense shows the spinner meanwhile), so the entry's download stays small.
const OrderAppLoginPage = lazy(() => import('./order-app-login-page.tsx').then((m) => ({ default: m.OrderAppLoginPage })));
const CustomerDataPage = lazy(() => import('./customer-data-page.tsx').then((m) => ({ default: m.CustomerDataPage })));
const SuccessfullyRegisteredPage = lazy(() => import('./successfully-registered-page.tsx').then((m) => ({ default: m.SuccessfullyRegisteredPage })));
const OrderSummaryPage = lazy(() => import('./order-summary-page.tsx').then((m) => ({ default: m.OrderSummaryPage })));
const PaymentStatusPage = lazy(() => import('./payment-status-page.tsx').then((m) => ({ default: m.PaymentStatusPage })));
const SummaryPage = lazy(() => import('./summary-page.tsx').then((m) => ({ default: m.SummaryPage })));

/**
 * The separate order app under `/bestellen/` (spec 001 section 2) and the not-found page: the
 * router's route (`page`) picks the screen; `null` is any other path under the base.
 */
export function OrderApp({ page }: { page: PageName | null }) {
  const { path } = useLocation();
  switch (page) {
    case 'notFound':
      return <NotFoundPage />;
    case 'orderAppEntry':
      return <OrderAppEntryPage />;
    case 'orderAppLogin':
      return <OrderAppLoginPage />;
    case 'orderAppCustomerData':
      return <CustomerDataPage />;
    case 'orderAppSummary':
      return <SummaryPage />;
    case 'orderAppRegistered':
    case 'orderAppRegisteredAs':
      return <SuccessfullyRegisteredPage />;
    case 'orderSummary':
    case 'paymentStatus': {
      // Core's pattern decides what an order number is (the router's `:orderId` takes any segment).
      const orderId = Number(matchPage(path)?.params.orderId ?? Number.NaN);
      if (!Number.isSafeInteger(orderId)) return <ToNotFoundPage />;
      // Keyed by order, so moving from one order to another starts afresh.
      return page === 'orderSummary' ? <OrderSummaryPage key={orderId} orderId={orderId} /> : <PaymentStatusPage key={orderId} orderId={orderId} />;
    }
    default:
      return <ToNotFoundPage />;
  }
}
