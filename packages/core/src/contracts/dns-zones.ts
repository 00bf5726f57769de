import { z } from 'zod';
import { ZDnsRecord } from '../dns/record.ts';
import { ZDnsHistoryEntry, ZDnsPrivacyRequest, ZDnsRecordParams, ZDnsScan, ZDnsUndoRequest, ZDnsZonePage, ZDnsZonePageQuery, ZDnsZoneRecord } from '../schemas/dns-zone.ts';
import { ZIdParams } from '../schemas/safe-text.ts';
import { contract, ID_SEGMENT } from './contract.ts';

const ZONE = `/api/account/domeinen/${ID_SEGMENT}/dns`;
const RECORD = `${ZONE}/:recordId(^\\d+$)`;

/**
 * A domain's zone in the account area (spec 001 section 7, path form): the page's data, the
 * record operations, reset to the default zone, and the history with undo. Every write answers
 * the page's data again, so the page shows what the shop now holds.
 */
export const dnsZoneContracts = {
  dnsZonePage: contract({ method: 'GET', path: '/api/account/dns-beheren', querystring: ZDnsZonePageQuery, response: ZDnsZonePage }),
  domainDns: contract({ method: 'GET', path: ZONE, params: ZIdParams, response: z.array(ZDnsZoneRecord) }),
  dnsAddRecord: contract({ method: 'POST', path: ZONE, params: ZIdParams, body: ZDnsRecord, problemCode: 'invalid_record', response: ZDnsZonePage }),
  dnsUpdateRecord: contract({ method: 'PUT', path: RECORD, params: ZDnsRecordParams, body: ZDnsRecord, problemCode: 'invalid_record', response: ZDnsZonePage }),
  dnsRemoveRecord: contract({ method: 'DELETE', path: RECORD, params: ZDnsRecordParams, response: ZDnsZonePage }),
  dnsResetToDefault: contract({ method: 'POST', path: `${ZONE}/reset`, params: ZIdParams, response: ZDnsZonePage }),
  dnsHistory: contract({ method: 'GET', path: `${ZONE}/history`, params: ZIdParams, response: z.array(ZDnsHistoryEntry) }),
  dnsScan: contract({ method: 'POST', path: `${ZONE}/scan`, params: ZIdParams, response: ZDnsScan }),
  dnsSwitch: contract({ method: 'POST', path: `${ZONE}/switch`, params: ZIdParams, response: ZDnsZonePage }),
  dnsUndo: contract({ method: 'POST', path: `${ZONE}/undo`, params: ZIdParams, body: ZDnsUndoRequest, response: ZDnsZonePage }),
  /** Turns privacy protection on or off; refused (409) where the extension does not support it. */
  domainPrivacy: contract({ method: 'PUT', path: `/api/account/domeinen/${ID_SEGMENT}/privacy`, params: ZIdParams, body: ZDnsPrivacyRequest, response: ZDnsZonePage }),
};
