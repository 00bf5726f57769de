import type { TextKey } from '@kavel/core';

/** The account pages the order summary links to (spec 001 section 2), and their menu labels. */
export const ACCOUNT_AREA_PAGES = [
  { path: '/account', label: 'accountArea.overview' },
  { path: '/account/diensten/domeinen', label: 'accountArea.domains' },
  { path: '/account/diensten/hostingpakketten', label: 'accountArea.hosting' },
  { path: '/account/diensten/vpsen', label: 'accountArea.vps' },
  { path: '/account/facturen', label: 'accountArea.invoices' },
] as const satisfies readonly { path: string; label: TextKey }[];

export type AccountAreaPath = (typeof ACCOUNT_AREA_PAGES)[number]['path'];

export function isAccountAreaPath(path: string): path is AccountAreaPath {
  return ACCOUNT_AREA_PAGES.some((page) => page.path === path);
}
