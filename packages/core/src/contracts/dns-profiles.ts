import { ZDnsRecord } from '../dns/record.ts';
import {
  ZDnsApplyPreview,
  ZDnsApplyProfileAnswer,
  ZDnsApplyProfileRequest,
  ZDnsImportAnswer,
  ZDnsImportRequest,
  ZDnsProfileFromDomain,
  ZDnsProfileName,
  ZDnsProfileRecordParams,
  ZDnsProfiles,
} from '../schemas/dns-profile.ts';
import { ZIdParams } from '../schemas/safe-text.ts';
import { contract, ID_SEGMENT } from './contract.ts';

const PROFILES = '/api/account/dns/profile';
const PROFILE_RECORD = `${PROFILES}/${ID_SEGMENT}/record`;
const ZONE = `/api/account/domeinen/${ID_SEGMENT}/dns`;

/**
 * DNS profiles (spec 001 section 7, path form; every answer is the customer's whole profile
 * list), applying one to a domain with its preview, and a zone as a BIND file.
 */
export const dnsProfileContracts = {
  dnsProfiles: contract({ method: 'GET', path: PROFILES, response: ZDnsProfiles }),
  dnsCreateProfile: contract({ method: 'POST', path: PROFILES, body: ZDnsProfileName, response: ZDnsProfiles }),
  dnsDeleteProfile: contract({ method: 'DELETE', path: `${PROFILES}/${ID_SEGMENT}`, params: ZIdParams, response: ZDnsProfiles }),
  dnsAddProfileRecord: contract({ method: 'POST', path: PROFILE_RECORD, params: ZIdParams, body: ZDnsRecord, problemCode: 'invalid_record', response: ZDnsProfiles }),
  dnsUpdateProfileRecord: contract({ method: 'PUT', path: `${PROFILE_RECORD}/:recordId(^\\d+$)`, params: ZDnsProfileRecordParams, body: ZDnsRecord, problemCode: 'invalid_record', response: ZDnsProfiles }),
  dnsRemoveProfileRecord: contract({ method: 'DELETE', path: `${PROFILE_RECORD}/:recordId(^\\d+$)`, params: ZDnsProfileRecordParams, response: ZDnsProfiles }),
  dnsProfileFromDomain: contract({ method: 'POST', path: `${PROFILES}/fromDomain`, body: ZDnsProfileFromDomain, response: ZDnsProfiles }),
  dnsApplyProfile: contract({ method: 'POST', path: '/api/accounts/dns-beheren/profiel', body: ZDnsApplyProfileRequest, response: ZDnsApplyProfileAnswer }),
  dnsApplyPreview: contract({ method: 'POST', path: '/api/accounts/dns-beheren/profiel/preview', body: ZDnsApplyProfileRequest, response: ZDnsApplyPreview }),
  dnsExport: contract({ method: 'GET', path: `${ZONE}/export`, params: ZIdParams }),
  dnsImport: contract({ method: 'POST', path: `${ZONE}/import`, params: ZIdParams, body: ZDnsImportRequest, response: ZDnsImportAnswer }),
};
