import type { Locale } from '../../money.ts';
import { validationMessage } from '../../texts/validation.ts';
import type { SkippedRecord, ZoneFileError } from './parse.ts';

export * from './export.ts';
export * from './parse.ts';

const fill = (template: string, params: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/** `Regel 12: Onbekend recordtype FOO.`: an import error for the page. */
export function zoneFileErrorText(locale: Locale, error: ZoneFileError): string {
  const message = fill(validationMessage(locale, error.key), { type: error.type ?? '', ...(error.limit === undefined ? {} : { limit: error.limit }) });
  return fill(validationMessage(locale, 'zoneLine'), { line: error.line, message });
}

/** What the page says about a record the import did not take over. */
export function skippedRecordText(locale: Locale, skipped: SkippedRecord): string {
  return fill(validationMessage(locale, skipped.reason === 'managed' ? 'zoneSkippedManaged' : 'zoneSkippedUnsupported'), { line: skipped.line, type: skipped.type });
}
