import type { Locale } from '../../money.ts';
import { validationMessage } from '../../texts/validation.ts';
import type { SkippedLine, ZoneFileError, ZoneFileWarning } from './parse.ts';

export * from './export.ts';
export * from './parse.ts';

const fill = (template: string, params: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/** `Regel 12: Onbekend recordtype FOO.`: an import error for the page. */
export function zoneFileErrorText(locale: Locale, error: ZoneFileError): string {
  const message = fill(validationMessage(locale, error.key), { type: error.type ?? '', ...(error.limit === undefined ? {} : { limit: error.limit }) });
  return fill(validationMessage(locale, 'zoneLine'), { line: error.line, message });
}

/** Why a line was not imported: `Onbekend recordtype FOO.` */
export function skippedLineReason(locale: Locale, skipped: SkippedLine): string {
  return fill(validationMessage(locale, skipped.key), { type: skipped.type ?? '' });
}

/** `Regel 7: De records www A hadden verschillende TTL's; …` */
export function zoneFileWarningText(locale: Locale, warning: ZoneFileWarning): string {
  const message = fill(validationMessage(locale, warning.key), { name: warning.name, type: warning.type, ttl: warning.ttl });
  return fill(validationMessage(locale, 'zoneLine'), { line: warning.line, message });
}
