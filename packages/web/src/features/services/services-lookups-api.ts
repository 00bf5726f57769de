import type { TCreatedId, TDnsProfileSummary, TWhoisHolderFormInput, TWhoisList } from '@kavel/core';
import { dnsProfileContracts } from '@kavel/core/contracts/dns-profiles';
import { whoisContracts } from '@kavel/core/contracts/whois';
import { call } from '../../api/client.ts';

/**
 * Step 2's calls about the customer's own holders and DNS profiles. Apart from the basket calls
 * (services-api.ts), which the order page's first screen needs for step 2's Continue: these
 * contracts bring the holder and DNS schemas, which only step 2's cards use.
 */
export const servicesLookupsApi = {
  whoisList: (): Promise<TWhoisList> => call(whoisContracts.whoisList),
  createWhois: (body: TWhoisHolderFormInput): Promise<TCreatedId> => call(whoisContracts.createWhois, { body }),
  dnsProfiles: (): Promise<TDnsProfileSummary[]> => call(dnsProfileContracts.dnsProfiles),
};
