import { fillText, forwardingPageTexts, type ForwardingPageTextKey, type TForwardPage, type TForwardRequest } from '@kavel/core';
import { forwardingContracts } from '@kavel/core/contracts/forwarding';
import { call } from '../../api/client.ts';
import { locale } from '../../i18n/locale.ts';

/** The forwarding page's calls (spec 001 sections 2 and 7): the page's data and its save, which answers the data anew. */
export const forwardingApi = {
  page: (name: string): Promise<TForwardPage> => call(forwardingContracts.forwardPage, { query: { name } }),
  save: (request: TForwardRequest): Promise<TForwardPage> => call(forwardingContracts.saveForward, { body: request }),
};

/** The spec's form post: the page's form names it as its action (the page itself saves through `save`). */
export const FORWARD_FORM_ACTION = forwardingContracts.forwardForm.path;

export type ForwardingTranslate = (key: ForwardingPageTextKey, params?: Record<string, string | number>) => string;

const dictionary = forwardingPageTexts[locale];
const translate: ForwardingTranslate = (key, params) => fillText(dictionary[key], params);

/** The forwarding page's texts in the page language (their own dictionary, loaded with the page). */
export function useForwardingT(): ForwardingTranslate {
  return translate;
}
