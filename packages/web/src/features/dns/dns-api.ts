import { type TDnsApplyPreview, type TMailPreset, type TDnsHistoryEntry, type TDnsProfile, type TDnsRecord, type TDnsScan, type TDnsZonePage } from '@kavel/core';
import { dnsProfileContracts } from '@kavel/core/contracts/dns-profiles';
import { dnsZoneContracts } from '@kavel/core/contracts/dns-zones';
import { call, urlOf } from '../../api/client.ts';

export type ApplyMode = 'replace' | 'merge';

/** The account area's DNS calls (spec 001 section 7); every change answers the page's data anew. */
export const dnsApi = {
  page: (name: string): Promise<TDnsZonePage> => call(dnsZoneContracts.dnsZonePage, { query: { name } }),
  addRecord: (domainId: number, record: TDnsRecord): Promise<TDnsZonePage> => call(dnsZoneContracts.dnsAddRecord, { params: { id: String(domainId) }, body: record }),
  updateRecord: (domainId: number, recordId: number, record: TDnsRecord): Promise<TDnsZonePage> =>
    call(dnsZoneContracts.dnsUpdateRecord, { params: { id: String(domainId), recordId: String(recordId) }, body: record }),
  removeRecord: (domainId: number, recordId: number): Promise<TDnsZonePage> => call(dnsZoneContracts.dnsRemoveRecord, { params: { id: String(domainId), recordId: String(recordId) } }),
  reset: (domainId: number): Promise<TDnsZonePage> => call(dnsZoneContracts.dnsResetToDefault, { params: { id: String(domainId) } }),
  history: (domainId: number): Promise<TDnsHistoryEntry[]> => call(dnsZoneContracts.dnsHistory, { params: { id: String(domainId) } }),
  undo: (domainId: number, revision: number): Promise<TDnsZonePage> => call(dnsZoneContracts.dnsUndo, { params: { id: String(domainId) }, body: { revision } }),
  privacy: (domainId: number, enabled: boolean): Promise<TDnsZonePage> => call(dnsZoneContracts.domainPrivacy, { params: { id: String(domainId) }, body: { enabled } }),
  scan: (domainId: number): Promise<TDnsScan> => call(dnsZoneContracts.dnsScan, { params: { id: String(domainId) } }),
  switchDns: (domainId: number): Promise<TDnsZonePage> => call(dnsZoneContracts.dnsSwitch, { params: { id: String(domainId) } }),
  preview: (domainId: number, profileId: number, mode: ApplyMode): Promise<TDnsApplyPreview> => call(dnsProfileContracts.dnsApplyPreview, { body: { domainId, profileId, mode } }),
  apply: (domainId: number, profileId: number, mode: ApplyMode) => call(dnsProfileContracts.dnsApplyProfile, { body: { domainId, profileId, mode } }),
  previewPreset: (domainId: number, preset: TMailPreset): Promise<TDnsApplyPreview> => call(dnsProfileContracts.dnsApplyPreview, { body: { domainId, preset } }),
  applyPreset: (domainId: number, preset: TMailPreset) => call(dnsProfileContracts.dnsApplyProfile, { body: { domainId, preset } }),
  exportUrl: (domainId: number): string => urlOf(dnsProfileContracts.dnsExport, { params: { id: String(domainId) } }),
  importZone: (domainId: number, zoneFile: string, mode: ApplyMode) => call(dnsProfileContracts.dnsImport, { params: { id: String(domainId) }, body: { zoneFile, mode } }),
  saveAsProfile: (domainName: string, name: string, dnsList: TDnsRecord[]): Promise<TDnsProfile[]> => call(dnsProfileContracts.dnsProfileFromDomain, { body: { domainName, name, dnsList } }),
};

/** The profile page's calls; each answers the account's whole profile list. */
export const profileApi = {
  list: (): Promise<TDnsProfile[]> => call(dnsProfileContracts.dnsProfiles),
  create: (name: string): Promise<TDnsProfile[]> => call(dnsProfileContracts.dnsCreateProfile, { body: { name } }),
  remove: (id: number): Promise<TDnsProfile[]> => call(dnsProfileContracts.dnsDeleteProfile, { params: { id: String(id) } }),
  addRecord: (id: number, record: TDnsRecord): Promise<TDnsProfile[]> => call(dnsProfileContracts.dnsAddProfileRecord, { params: { id: String(id) }, body: record }),
  updateRecord: (id: number, recordId: number, record: TDnsRecord): Promise<TDnsProfile[]> =>
    call(dnsProfileContracts.dnsUpdateProfileRecord, { params: { id: String(id), recordId: String(recordId) }, body: record }),
  removeRecord: (id: number, recordId: number): Promise<TDnsProfile[]> => call(dnsProfileContracts.dnsRemoveProfileRecord, { params: { id: String(id), recordId: String(recordId) } }),
};
