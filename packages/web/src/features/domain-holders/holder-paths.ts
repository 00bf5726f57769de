import { pageHref, PAGES } from '@kavel/core';
/** The account's domain holders (spec 001 section 2: 'a whois domain-holder form'): `?id=` picks one page. */
export const HOLDERS_PATH = PAGES.accountHolders.path;

/** The page of one holder (`standard` or its id), or the form for a new one. */
export const holderHref = (id: number | 'standard' | 'nieuw') => pageHref(PAGES.accountHolders, { search: { id } });

export type HolderView = { kind: 'list' } | { kind: 'standard' } | { kind: 'new' } | { kind: 'holder'; id: number };

/** `?id=` of the holder pages: anything else than a holder id, `standard` or `nieuw` shows the list. */
export function readHolderView(params: URLSearchParams): HolderView {
  const id = params.get('id') ?? '';
  if (id === 'standard') return { kind: 'standard' };
  if (id === 'nieuw') return { kind: 'new' };
  return /^[1-9][0-9]{0,9}$/.test(id) ? { kind: 'holder', id: Number(id) } : { kind: 'list' };
}
