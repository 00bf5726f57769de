/** The order app's routes (spec 001 section 2), under the base path `/bestellen`. */
export const ORDER_APP_BASE = '/bestellen';
export const ORDER_APP_PATHS = {
  entry: ORDER_APP_BASE,
  login: `${ORDER_APP_BASE}/inloggen`,
  successfullyRegistered: `${ORDER_APP_BASE}/succesvol-geregistreerd`,
} as const;

export const successfullyRegisteredPath = (email: string) => `${ORDER_APP_PATHS.successfullyRegistered}?email=${encodeURIComponent(email)}`;
