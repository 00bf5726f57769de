/**
 * Every page the web app serves, declared once (spec 000 and spec 001 section 2): its path, the
 * path parameters it takes (`:name`), the query parameters it reads, and the screen group of the
 * web app that shows it. The server registers its page routes from this list, the web router
 * builds its route tree from it, and every link and redirect builds its address with `pageHref`.
 */

/** The part of the web app that shows a page: the route's chunk, which the server may preload. */
export type PageScreen = 'order-page' | 'reseller-order-page' | 'order-app' | 'account-area' | 'account-mail' | 'terms' | 'product-pages';

export interface PageDeclaration {
  readonly path: string;
  readonly screen: PageScreen;
  /** Query parameters the page reads (others are ignored). */
  readonly search?: readonly string[];
}

const page = <const Path extends string, const Search extends readonly string[] = readonly []>(path: Path, screen: PageScreen, search?: Search) =>
  ({ path, screen, search: (search ?? []) as unknown as Search }) as const;

export const PAGES = {
  /** The order page (spec 000 section 2): `?domain=` searches at once, `?finalStep=true` opens step 3. */
  orderPage: page('/bestelprocedure', 'order-page', ['domain', 'finalStep']),
  /** Its reseller variant (spec 000 section 7), which a reseller's login picks. */
  resellerOrderPage: page('/bestelprocedure-reseller', 'reseller-order-page'),

  /** The order app (spec 001 section 2), under `/bestellen`. */
  orderAppEntry: page('/bestellen', 'order-app'),
  orderAppLogin: page('/bestellen/inloggen', 'order-app', ['returnTo', 'loginError']),
  orderAppCustomerData: page('/bestellen/gegevens-invullen', 'order-app'),
  orderAppRegistered: page('/bestellen/succesvol-geregistreerd', 'order-app', ['email']),
  /** The same screen with the e-mail address as one more path segment. */
  orderAppRegisteredAs: page('/bestellen/succesvol-geregistreerd/:email', 'order-app', ['email']),
  orderAppSummary: page('/bestellen/samenvatting', 'order-app'),
  orderSummary: page('/bestellen/:orderId/overzicht', 'order-app'),
  paymentStatus: page('/bestellen/:orderId/betalingsstatus', 'order-app'),
  /** The shop's own 'page not found' (spec 001 section 2): a browser asking for a path that does not exist is sent here. */
  notFound: page('/errors/404', 'order-app'),

  /** Pages the account e-mails link to (the token goes in `?token=`). */
  activate: page('/account/activeren', 'account-mail', ['token']),
  resetPassword: page('/account/wachtwoord-herstellen', 'account-mail', ['token']),
  forgotPassword: page('/account/wachtwoord-vergeten', 'account-mail'),

  /** The account area (spec 001 section 2). */
  account: page('/account', 'account-area'),
  accountDomains: page('/account/diensten/domeinen', 'account-area'),
  accountHosting: page('/account/diensten/hostingpakketten', 'account-area'),
  accountVps: page('/account/diensten/vpsen', 'account-area'),
  accountHolders: page('/account/domeinhouders', 'account-area', ['id']),
  accountInvoices: page('/account/facturen', 'account-area'),
  /** The customer's own data and how they pay (the admin-fee notice's `gegevens-aanpassen` link leads here, `?from=shop`). */
  accountDetails: page('/account/gegevens', 'account-area', ['from']),
  accountApiKeys: page('/account/api-sleutels', 'account-area'),
  /** Hosting for a domain the customer has (`?domein=`), or another package for a hosting account (`?id=`). */
  hostingChoice: page('/account/webhosting', 'account-area', ['domein', 'id']),
  /** Extra services for a hosting package (`?id=`); its form posts to the same address. */
  extraServices: page('/account/diensten-toevoegen', 'account-area', ['id']),
  /** A domain's DNS records (`?name=`, `?mail=` picks an e-mail preset). */
  dnsManagement: page('/account/dns-beheren', 'account-area', ['name', 'mail']),
  /** The DNS profiles (`?name=&profileId=`). */
  dnsProfiles: page('/account/dns-profiles', 'account-area', ['name', 'profileId']),
  /** A domain's forwarding (`?name=`); the form post answers with it. */
  forwarding: page('/account/domein-doorsturen', 'account-area', ['name']),

  /** The general terms the order's checkbox refers to. */
  terms: page('/algemene-voorwaarden', 'terms'),

  /** The product pages (issue: the order app), each ordering through the order app. */
  domainProduct: page('/domeinnaam', 'product-pages'),
  hostingProduct: page('/webhosting', 'product-pages'),
  sslProduct: page('/website/ssl-certificaat', 'product-pages'),
  vpsProduct: page('/hosting/vps', 'product-pages'),
} as const satisfies Record<string, PageDeclaration>;

export type PageName = keyof typeof PAGES;

/** `:orderId` is an order number (decimal digits, as every path id); any other parameter is one path segment. */
const PARAM_PATTERNS: Record<string, string> = { orderId: '[1-9]\\d{0,8}' };

type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamNames<`/${Rest}`> : Path extends `${string}:${infer Name}` ? Name : never;

type SearchOf<Page extends PageDeclaration> = Page['search'] extends readonly (infer Key extends string)[] ? Key : never;

type HrefOptions<Page extends PageDeclaration> = {
  search?: Partial<Record<SearchOf<Page>, string | number | boolean | undefined>>;
  hash?: string;
} & ([ParamNames<Page['path']>] extends [never] ? { params?: undefined } : { params: Record<ParamNames<Page['path']>, string | number> });

/**
 * A page's address: its path with the parameters filled in (encoded), the query parameters it
 * declares (in the order given; undefined ones left out) and a hash.
 */
export function pageHref<Page extends PageDeclaration>(
  target: Page,
  ...[options]: [ParamNames<Page['path']>] extends [never] ? [HrefOptions<Page>?] : [HrefOptions<Page>]
): string {
  const params = (options?.params ?? {}) as Record<string, string | number>;
  const path = target.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const search = Object.entries(options?.search ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `${path}${search ? `?${search}` : ''}${options?.hash ? `#${options.hash}` : ''}`;
}

interface Matcher {
  name: PageName;
  names: string[];
  pattern: RegExp;
}

/** Built on first use, so a bundle that only names paths does not carry the work. */
let matchers: Matcher[] | null = null;
const matchersOf = (): Matcher[] => (matchers ??= (Object.entries(PAGES) as [PageName, PageDeclaration][]).map(([name, declared]) => {
  const names: string[] = [];
  const source = declared.path.replace(/:(\w+)/g, (_, param: string) => {
    names.push(param);
    return `(${PARAM_PATTERNS[param] ?? '[^/]+'})`;
  });
  return { name, names, pattern: new RegExp(`^${source}$`) };
}));

/**
 * The page a path opens (a trailing slash aside), with its parameters (decoded), or null: a path
 * the web app does not serve.
 */
export function matchPage(pathname: string): { name: PageName; params: Record<string, string> } | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  for (const matcher of matchersOf()) {
    const found = matcher.pattern.exec(path);
    if (!found) continue;
    try {
      return { name: matcher.name, params: Object.fromEntries(matcher.names.map((param, index) => [param, decodeURIComponent(found[index + 1]!)])) };
    } catch {
      return null;
    }
  }
  return null;
}

/** The shop's own 'page not found' (spec 001 section 2). */
export const NOT_FOUND_PAGE = PAGES.notFound.path;

/** The account area's domain forwarding page: `?name=<domain>`; the form post answers with it. */
export const FORWARDING_PAGE = PAGES.forwarding.path;

/** The account's page that adds extra services to a hosting package: `?id=<hosting account>`; its form posts to the same address. */
export const EXTRA_SERVICES_PAGE = PAGES.extraServices.path;

/** Pages the account e-mails and redirects name, by the names the server's account code uses. */
export const ACCOUNT_PAGES = {
  /** The account area's overview, as the redirects write it. */
  home: `${PAGES.account.path}/`,
  details: PAGES.accountDetails.path,
  activate: PAGES.activate.path,
  resetPassword: PAGES.resetPassword.path,
  forgotPassword: PAGES.forgotPassword.path,
  login: PAGES.orderAppLogin.path,
} as const;

/** The order page and its reseller variant. */
export const ORDER_PAGES = {
  shop: PAGES.orderPage.path,
  reseller: PAGES.resellerOrderPage.path,
} as const;
