import { ORDER_APP_PATHS } from '@kavel/core';

/** The order app's routes live in core (`contracts/order-app-pages.ts`), where the server reads them too. */
export { ORDER_APP_BASE, ORDER_APP_PATHS, orderAppScreen, orderRoute, orderSummaryPath, paymentStatusPath } from '@kavel/core';

/** The login page, asked to come back to `returnTo` (this page) afterwards. */
export const loginPathReturningTo = (returnTo: string) => `${ORDER_APP_PATHS.login}?returnTo=${encodeURIComponent(returnTo)}`;
