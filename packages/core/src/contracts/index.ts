import { accountContracts } from './accounts.ts';
import { addressContracts } from './addresses.ts';
import { basketContracts } from './basket.ts';
import { checkoutContracts } from './checkout.ts';
import { customerDataContracts } from './customer-data.ts';
import type { Contract } from './contract.ts';
import { dnsProfileContracts } from './dns-profiles.ts';
import { dnsZoneContracts } from './dns-zones.ts';
import { forwardingContracts } from './forwarding.ts';
import { orderAppContracts } from './order-app.ts';
import { orderContracts, paymentContracts, productContracts } from './orders.ts';
import { apiKeyContracts, resellerApiContracts, resellerApiDocContracts } from './reseller-api.ts';
import { resellerBasketContracts } from './reseller-basket.ts';
import { resellerCheckoutContracts } from './reseller-checkout.ts';
import { shopContracts } from './shop.ts';
import { whoisContracts } from './whois.ts';

export * from './contract.ts';
export { ZAltchaChallenge, ZProblemType, ZProblemTypeParams, type TAltchaChallenge, type TProblemType } from './shop.ts';
export { RESELLER_API_OPERATIONS, RESELLER_API_PREFIX, resellerApiContracts, type ResellerApiCall } from './reseller-api.ts';
export { basketCallsAt, type BasketCalls } from './basket.ts';
export { RESELLER_FLOW_API } from './reseller-basket.ts';
export { ACCOUNT_PAGES, EXTRA_SERVICES_PAGE, FORWARDING_PAGE, matchPage, NOT_FOUND_PAGE, ORDER_PAGES, PAGES, pageHref, type PageDeclaration, type PageName, type PageScreen } from './pages.ts';
export { ORDER_APP_BASE, ORDER_APP_PATHS, orderAppScreen, orderRoute, orderSummaryPath, paymentStatusPath, type OrderAppScreen } from './order-app-pages.ts';

/** Every route of the shop's API (and the pages and form posts the web client names), by name. */
export const contracts = {
  ...basketContracts,
  ...checkoutContracts,
  ...resellerBasketContracts,
  ...resellerCheckoutContracts,
  ...orderContracts,
  ...orderAppContracts,
  ...paymentContracts,
  ...productContracts,
  ...whoisContracts,
  ...dnsZoneContracts,
  ...dnsProfileContracts,
  ...forwardingContracts,
  ...accountContracts,
  ...customerDataContracts,
  ...addressContracts,
  ...shopContracts,
  ...apiKeyContracts,
  ...resellerApiContracts,
  ...resellerApiDocContracts,
};

export type ContractName = keyof typeof contracts;

/** The list of all contracts. */
export const allContracts: readonly Contract[] = Object.values(contracts);
