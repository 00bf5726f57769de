import { lazy, Suspense } from 'react';
import { matchPage, PAGES } from '@kavel/core';
import { useT } from '../i18n/use-t.ts';
import { Spinner } from '../ui/spinner.tsx';
import { useLocation } from './router.ts';

// Every page is fetched when opened, the order page too: the entry is what every page shares
// (React, the router, the query client, the Dutch texts), so the order app's first download does
// not carry the order page. The order page pays for it with one more round trip after the entry.
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

/** The page core declares for the path, by its screen group; the order page for any other path (the server serves the shell only on declared pages). */
function pageFor(path: string) {
  const found = matchPage(path);
  if (path.startsWith(`${PAGES.orderAppEntry.path}/`) && !found) return <OrderApp />;
  if (!found) return <OrderPage />;
  switch (found.name) {
    case 'activate':
      return <ActivationPage />;
    case 'resetPassword':
      return <ResetPasswordPage />;
    case 'forgotPassword':
      return <ForgotPasswordPage />;
  }
  switch (PAGES[found.name].screen) {
    case 'account-area':
      return <AccountArea />;
    case 'terms':
      return <TermsPage />;
    case 'reseller-order-page':
      return <ResellerOrderPage />;
    case 'product-pages':
      return <ProductPages path={path} />;
    case 'order-app':
      return <OrderApp />;
    default:
      return <OrderPage />;
  }
}

/** Picks the page by `location.pathname`: the server serves the same shell for all of them. */
export function AppRouter() {
  const t = useT();
  const { path } = useLocation();
  return (
    <Suspense
      fallback={
        <div className="page-loading">
          <Spinner label={t('common.loading')} />
        </div>
      }
    >
      {pageFor(path)}
    </Suspense>
  );
}
