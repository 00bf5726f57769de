import {
  exportZoneFile,
  forDomain,
  planProfileApply,
  readZoneFile,
  skippedLineReason,
  validationMessage,
  zoneFileErrorText,
  zoneFileWarningText,
  zoneProblems,
  zoneProblemSteps,
  type DnsZoneRecord,
  type Locale,
  type ProfileApplyMode,
  type ProfileApplyPlan,
  type TDnsApplyPreview,
  type TDnsImportSkipped,
  type TDnsScan,
  type TDnsZonePage,
  type TDnsZoneRecord,
  type TMailPreset,
} from '@kavel/core';
import type { Queryable } from '../../db/connect.ts';
import type { DnsService } from './dns-service.ts';
import { inTurns, nextTurn } from './event-loop-turns.ts';
import { mailPresetRecords } from './mail-presets.ts';
import { zoneRows } from './zone-repository.ts';
import type { DomainRegistrar } from '../../ports/registry/registry-port.ts';
import type { DnsResolverPort } from '../../ports/dns-resolver/index.ts';
import type { ZoneAccess, ZoneAnswer, ZoneRefusal, ZoneService } from './zone-service.ts';

export type ApplyAnswer = { ok: true; records: TDnsZoneRecord[]; errors: string[] } | ZoneRefusal;
export type PreviewAnswer = { ok: true; preview: TDnsApplyPreview } | ZoneRefusal;
export type ImportAnswer = { ok: true; page: TDnsZonePage; skipped: TDnsImportSkipped[]; warnings: string[] } | ZoneRefusal | { ok: false; reason: 'zoneFile'; errors: string[] };

export type ScanAnswer = { ok: true; scan: TDnsScan } | ZoneRefusal;

/**
 * What is applied: one of the account's profiles, replacing the zone or merged into it, or a
 * built-in e-mail preset, which swaps the mail records only.
 */
export type ProfileSource = { profileId: number; mode: 'replace' | 'merge' } | { preset: TMailPreset };

export interface ZoneOperations {
  /** What the domain's present name servers serve, read through the resolver port; nothing is written. */
  scan(customerId: number, domainId: number): Promise<ScanAnswer>;
  /**
   * switchDns: copies what the scan found into the shop's zone, delegates the domain to the
   * shop's name servers at the registry, and marks it active on them. The registry is asked
   * first: when it refuses, nothing changes in the shop either; when the zone is then not written,
   * the domain is delegated back to the name servers the scan found.
   */
  switchDns(customerId: number, domainId: number): Promise<ZoneAnswer>;
  /** applyDnsProfile: the profile's or preset's records into the zone, with what could not be applied. */
  applyProfile(customerId: number, domainId: number, source: ProfileSource, locale: Locale): Promise<ApplyAnswer>;
  /** What applying would change, computed as the apply computes it; nothing is written. */
  previewProfile(customerId: number, domainId: number, source: ProfileSource, locale: Locale): Promise<PreviewAnswer>;
  /** The zone as a BIND file with the shop's SOA and name servers; null when the domain is not the customer's. */
  exportZone(customerId: number, domainId: number): Promise<{ name: string; text: string } | null>;
  /** A BIND file into the zone: what is valid is imported, each skipped line answered with why, a set's differing TTLs lowered with a warning. */
  importZone(customerId: number, domainId: number, zoneFile: string, mode: ProfileApplyMode, locale: Locale): Promise<ImportAnswer>;
}

export interface ZoneOperationDeps {
  zones: ZoneService;
  resolver: DnsResolverPort;
  registry: Pick<DomainRegistrar, 'setNameservers'>;
  dns: Pick<DnsService, 'profileRecords'>;
  db: Queryable;
  nameservers: readonly string[];
  hostmaster: string;
  /** The most records a zone may hold: a zone file with more is refused before it is read to the end. */
  maxRecords: number;
}

const errorLine = (locale: Locale, plan: ProfileApplyPlan) =>
  plan.errors.map((error) => `${[error.record.name, error.record.type, error.record.value].join(' ')}: ${validationMessage(locale, error.key as Parameters<typeof validationMessage>[1])}`);

const sameRecord = (record: DnsZoneRecord) => JSON.stringify([record.name, record.type, record.value, record.priority]);

/**
 * Records that are still in the zone keep their ids, so the page's rows stay put: each takes the
 * first row of the zone with its name, type, value and priority that no record took before it.
 */
const withIds = (zone: readonly TDnsZoneRecord[], records: readonly DnsZoneRecord[]) => {
  const free = new Map<string, number[]>();
  for (const old of zone.toReversed()) {
    const ids = free.get(sameRecord(old));
    if (ids) ids.push(old.id);
    else free.set(sameRecord(old), [old.id]);
  }
  return records.map((record) => {
    const id = free.get(sameRecord(record))?.pop();
    return id === undefined ? record : { ...record, id };
  });
};

export function createZoneOperations(deps: ZoneOperationDeps): ZoneOperations {
  const { zones } = deps;

  /** The records to apply and how: the profile as the acting account holds it (null when it is not the account's), or the preset's. */
  const recordsOf = async (found: ZoneAccess, source: ProfileSource, q: Queryable = deps.db) => {
    if ('preset' in source) return { records: mailPresetRecords(source.preset, found.name), mode: 'mail' as ProfileApplyMode };
    const records = await deps.dns.profileRecords(found.ownerId, source.profileId, q);
    return records ? { records, mode: source.mode as ProfileApplyMode } : null;
  };

  return {
    async scan(customerId, domainId) {
      const found = await zones.access(customerId, domainId);
      if (!found) return { ok: false, reason: 'notFound' };
      const scanned = await deps.resolver.scan(found.name);
      return scanned.ok ? { ok: true, scan: { nameservers: scanned.nameservers, records: scanned.records } } : { ok: false, reason: 'scanFailed' };
    },

    async switchDns(customerId, domainId) {
      const found = await zones.access(customerId, domainId);
      if (!found) return { ok: false, reason: 'notFound' };
      if (found.readOnly) return { ok: false, reason: 'readOnly' };
      if (!found.manageable) return { ok: false, reason: 'notManageable' };
      const scanned = await deps.resolver.scan(found.name);
      if (!scanned.ok) return { ok: false, reason: 'scanFailed' };
      const delegated = await deps.registry.setNameservers(found.name, deps.nameservers);
      if (!delegated.ok) return { ok: false, reason: 'registryFailed' };
      // When the zone is not written after all, the domain goes back to the name servers the scan
      // found: it must not stay delegated to servers that have no zone for it.
      const delegateBack = async () => {
        if (scanned.nameservers.length > 0) await deps.registry.setNameservers(found.name, scanned.nameservers).catch(() => undefined);
      };
      let answer: ZoneAnswer;
      try {
        answer = await zones.edit(
          customerId,
          domainId,
          'switch',
          async () => {
            // What the other servers had, kept to the shop's rules: a record the shop cannot serve is left out.
            const records: DnsZoneRecord[] = [];
            for (const record of scanned.records) {
              const placed = forDomain(record, found.name);
              if (placed.ok && zoneProblems([...records, placed.record], found.name).length === 0) records.push(placed.record);
            }
            return { ok: true, records };
          },
          { requireActive: false, activate: true },
        );
      } catch (error) {
        await delegateBack();
        throw error;
      }
      if (!answer.ok) await delegateBack();
      return answer;
    },

    async applyProfile(customerId, domainId, source, locale) {
      let errors: string[] = [];
      const action = 'preset' in source ? 'apply-mail-preset' : 'apply-profile';
      const answer = await zones.editRecords(customerId, domainId, action, async (zone, found, tx) => {
        const profile = await recordsOf(found, source, tx);
        if (!profile) return { ok: false, reason: 'notFound' };
        const plan = planProfileApply(zone, profile.records, found.name, profile.mode);
        errors = errorLine(locale, plan);
        return { ok: true, records: withIds(zone, plan.records) };
      });
      return answer.ok ? { ok: true, records: answer.records, errors } : answer;
    },

    async previewProfile(customerId, domainId, source, locale) {
      const found = await zones.access(customerId, domainId);
      if (!found) return { ok: false, reason: 'notFound' };
      const profile = await recordsOf(found, source);
      if (!profile) return { ok: false, reason: 'notFound' };
      const plan = planProfileApply(await zoneRows(deps.db, domainId), profile.records, found.name, profile.mode);
      return { ok: true, preview: { added: plan.added, removed: plan.removed, errors: errorLine(locale, plan) } };
    },

    async exportZone(customerId, domainId) {
      const found = await zones.access(customerId, domainId);
      if (!found) return null;
      const records = await zoneRows(deps.db, domainId);
      const text = exportZoneFile(found.name, records, { nameservers: deps.nameservers, hostmaster: deps.hostmaster, serial: found.revision });
      return { name: found.name, text };
    },

    async importZone(customerId, domainId, zoneFile, mode, locale) {
      const found = await zones.access(customerId, domainId);
      if (!found) return { ok: false, reason: 'notFound' };
      if (found.readOnly) return { ok: false, reason: 'readOnly' };
      if (!found.manageable) return { ok: false, reason: 'notManageable' };
      if (!found.activeDnsServer) return { ok: false, reason: 'notActive' };
      // Read before the zone is locked, in slices: a large file holds up neither the zone nor other requests.
      const read = await inTurns(readZoneFile(zoneFile, found.name, { maxRecords: deps.maxRecords }));
      if (!read.ok) return { ok: false, reason: 'zoneFile', errors: read.errors.map((error) => zoneFileErrorText(locale, error)) };
      const skipped = read.skipped.map((entry) => ({ line: entry.line, text: entry.text, reason: skippedLineReason(locale, entry) }));
      // A file of which nothing could be taken over changes nothing: it does not empty the zone.
      if (read.records.length === 0 && skipped.length > 0) return { ok: false, reason: 'zoneFile', errors: read.skipped.map((entry) => zoneFileErrorText(locale, entry)) };
      const warnings = read.warnings.map((warning) => zoneFileWarningText(locale, warning));
      const sets = new Set(read.records.map((record) => `${record.name} ${record.type}`));
      const answer = await zones.edit(customerId, domainId, 'import', async (zone) => {
        const kept = mode === 'replace' ? [] : zone.filter((record) => !sets.has(`${record.name} ${record.type}`));
        const records = [...kept, ...read.records];
        const [problem] = await inTurns(zoneProblemSteps(records, found.name));
        if (problem) return { ok: false, reason: 'invalid', field: problem.field, key: problem.key };
        // The checks' last slice and matching thousands of records to ids are each a turn's worth.
        await nextTurn();
        return { ok: true, records: withIds(zone, records) };
      });
      return answer.ok ? { ok: true, page: answer.page, skipped, warnings } : answer;
    },
  };
}
