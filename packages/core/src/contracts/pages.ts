/** The shop's own 'page not found' (spec 001 section 2): a browser asking for a path that does not exist is sent here. */
export const NOT_FOUND_PAGE = '/errors/404';

/** The account area's domain forwarding page (spec 001 section 2): `?name=<domain>`; the form post answers with it. */
export const FORWARDING_PAGE = '/account/domein-doorsturen';

/** The account's page that adds extra services to a hosting package (spec 001 section 2): `?id=<hosting account>`; its form posts to the same address. */
export const EXTRA_SERVICES_PAGE = '/account/diensten-toevoegen';

/** Pages the account e-mails link to (the token goes in `?token=`); the web app serves them. */
export const ACCOUNT_PAGES = {
  /** The account area's overview. */
  home: '/account/',
  /** The customer's own data and how they pay (the admin-fee notice's `gegevens-aanpassen` link leads here). */
  details: '/account/gegevens',
  activate: '/account/activeren',
  resetPassword: '/account/wachtwoord-herstellen',
  forgotPassword: '/account/wachtwoord-vergeten',
  login: '/bestellen/inloggen',
} as const;

/** The order page (spec 000 section 2) and its reseller variant (spec 000 section 7), which a reseller's login picks. */
export const ORDER_PAGES = {
  shop: '/bestelprocedure',
  reseller: '/bestelprocedure-reseller',
} as const;
