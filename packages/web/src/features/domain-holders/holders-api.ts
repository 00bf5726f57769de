import { contracts, type TStandardHolder, type TStandardHolderFormInput, type TWhoisDomains, type TWhoisHolder, type TWhoisHolderFormInput, type TWhoisList } from '@kavel/core';
import { call } from '../../api/client.ts';

/** The account's domain holder calls (spec 001 section 7, path form). */
export const holdersApi = {
  list: (): Promise<TWhoisList> => call(contracts.whoisList),
  holder: (id: number): Promise<TWhoisHolder> => call(contracts.whoisHolder, { params: { id: String(id) } }),
  create: (body: TWhoisHolderFormInput): Promise<{ id: number }> => call(contracts.createWhois, { body }),
  update: (id: number, body: TWhoisHolderFormInput): Promise<TWhoisHolder> => call(contracts.updateWhois, { params: { id: String(id) }, body }),
  remove: (id: number): Promise<void> => call(contracts.deleteWhois, { params: { id: String(id) } }),
  standard: (): Promise<TStandardHolder> => call(contracts.whoisStandard),
  updateStandard: (body: TStandardHolderFormInput): Promise<TStandardHolder> => call(contracts.updateWhoisStandard, { body }),
  /** The domains that have the holder now (asked again when a delete is confirmed). */
  domainsOf: (id: number): Promise<TWhoisDomains> => call(contracts.whoisDomains, { query: { whois: String(id) } }),
};

export const HOLDERS_KEY = ['whois-holders'];
export const holderKey = (id: number | 'standard') => ['whois-holder', id];
