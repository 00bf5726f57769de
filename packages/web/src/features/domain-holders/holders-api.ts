import { type TStandardHolder, type TStandardHolderFormInput, type TWhoisDomains, type TWhoisHolder, type TWhoisHolderFormInput, type TWhoisList } from '@kavel/core';
import { whoisContracts } from '@kavel/core/contracts/whois';
import { call } from '../../api/client.ts';

/** The account's domain holder calls (spec 001 section 7, path form). */
export const holdersApi = {
  list: (): Promise<TWhoisList> => call(whoisContracts.whoisList),
  holder: (id: number): Promise<TWhoisHolder> => call(whoisContracts.whoisHolder, { params: { id: String(id) } }),
  create: (body: TWhoisHolderFormInput): Promise<{ id: number }> => call(whoisContracts.createWhois, { body }),
  update: (id: number, body: TWhoisHolderFormInput): Promise<TWhoisHolder> => call(whoisContracts.updateWhois, { params: { id: String(id) }, body }),
  remove: (id: number): Promise<void> => call(whoisContracts.deleteWhois, { params: { id: String(id) } }),
  standard: (): Promise<TStandardHolder> => call(whoisContracts.whoisStandard),
  updateStandard: (body: TStandardHolderFormInput): Promise<TStandardHolder> => call(whoisContracts.updateWhoisStandard, { body }),
  /** The domains that have the holder now (asked again when a delete is confirmed). */
  domainsOf: (id: number): Promise<TWhoisDomains> => call(whoisContracts.whoisDomains, { query: { whois: String(id) } }),
};

export const HOLDERS_KEY = ['whois-holders'];
export const holderKey = (id: number | 'standard') => ['whois-holder', id];
