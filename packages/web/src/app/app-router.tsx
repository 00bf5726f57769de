import { lazy, Suspense } from 'react';
import { ACCOUNT_PAGES, ORDER_PAGES } from '@kavel/core';
import { useT } from '../i18n/use-t.ts';
import { Spinner } from '../ui/spinner.tsx';
import { isAccountAreaPath } from '../features/account-area/account-area-paths.ts';
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

const TERMS_PATH = '/algemene-voorwaarden';
/** The product pages (kept here, not imported, so the order page's download does not carry their module). */
const PRODUCT_PATHS = new Set(['/domeinnaam', '/webhosting', '/website/ssl-certificaat', '/hosting/vps']);

function pageFor(path: string) {
  switch (path) {
    case ACCOUNT_PAGES.activate:
      return <ActivationPage />;
    case ACCOUNT_PAGES.resetPassword:
      return <ResetPasswordPage />;
    case ACCOUNT_PAGES.forgotPassword:
      return <ForgotPasswordPage />;
  }
  if (isAccountAreaPath(path)) return <AccountArea />;
  if (path === TERMS_PATH) return <TermsPage />;
  if (path === ORDER_PAGES.reseller) return <ResellerOrderPage />;
  if (PRODUCT_PATHS.has(path)) return <ProductPages path={path} />;
  if (path === '/bestellen' || path.startsWith('/bestellen/') || path.startsWith('/errors/')) return <OrderApp />;
  return <OrderPage />;
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
