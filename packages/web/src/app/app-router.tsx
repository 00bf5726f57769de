import { lazy, Suspense, type ReactNode } from 'react';
import { PAGES, type PageName } from '@kavel/core';
import { Route, Routes } from 'react-router';
import { useT } from '../i18n/use-t.ts';
import { Spinner } from '../ui/spinner.tsx';
import { RouterBridge } from './router.ts';

// Every page is fetched when opened (route-level splitting), the order page too: the entry is
// what every page shares (React, the router, the query client, the Dutch texts), so the order
// app's first download does not carry the order page. The server preloads the route's chunk.
const ActivationPage = lazy(() => import('../features/accounts/activation-page.tsx').then((m) => ({ default: m.ActivationPage })));
const ResetPasswordPage = lazy(() => import('../features/accounts/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })));
const ForgotPasswordPage = lazy(() => import('../features/accounts/forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage })));
const OrderPage = lazy(() => import('./order-page.tsx').then((m) => ({ default: m.OrderPage })));
// The reseller variant is a chunk of its own: the shop's order page never downloads it.
const ResellerOrderPage = lazy(() => import('../features/reseller-order/reseller-order-page.tsx').then((m) => ({ default: m.ResellerOrderPage })));
const OrderApp = lazy(() => import('../order-app/order-app.tsx').then((m) => ({ default: m.OrderApp })));
const AccountArea = lazy(() => import('../features/account-area/account-area.tsx').then((m) => ({ default: m.AccountArea })));
const ProductPages = lazy(() => import('../features/product-pages/product-pages.tsx').then((m) => ({ default: m.ProductPages })));
const TermsPage = lazy(() => import('../features/terms/terms-page.tsx').then((m) => ({ default: m.TermsPage })));

/** The screen of each declared page (core's `PAGES`: one list for the server and this tree). */
function elementOf(name: PageName): ReactNode {
  const page = PAGES[name];
  switch (page.screen) {
    case 'order-page':
      return <OrderPage />;
    case 'reseller-order-page':
      return <ResellerOrderPage />;
    case 'order-app':
      return <OrderApp page={name} />;
    case 'account-area':
      return <AccountArea />;
    case 'terms':
      return <TermsPage />;
    case 'product-pages':
      return <ProductPages path={page.path} />;
    case 'account-mail':
      return name === 'activate' ? <ActivationPage /> : name === 'resetPassword' ? <ResetPasswordPage /> : <ForgotPasswordPage />;
  }
}

const ROUTES = (Object.keys(PAGES) as PageName[]).map((name) => <Route key={name} path={PAGES[name].path} element={elementOf(name)} />);

/** The route tree: the server serves the same shell on every declared page. */
export function AppRouter() {
  const t = useT();
  // Outside the Suspense: a page that suspends hides its siblings and runs their layout effects'
  // clean-up, and `navigate` must keep the router's meanwhile.
  return (
    <>
      <RouterBridge />
      <Suspense
        fallback={
          <div className="page-loading">
            <Spinner label={t('common.loading')} />
          </div>
        }
      >
        <Routes>
          {ROUTES}
          {/* Any other path under the order app's base is spec 001's 'not found'. */}
          <Route path={`${PAGES.orderAppEntry.path}/*`} element={<OrderApp page={null} />} />
          <Route path="*" element={<OrderPage />} />
        </Routes>
      </Suspense>
    </>
  );
}
