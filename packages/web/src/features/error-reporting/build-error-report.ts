import { ERROR_REPORT_MARKER, type TErrorReport } from '@kavel/core';

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function describe(error: unknown): { error: string | null; stack: string | null } {
  if (error instanceof Error) return { error: `${error.name}: ${error.message}`, stack: error.stack ?? null };
  if (error === undefined || error === null) return { error: null, stack: null };
  try {
    return { error: typeof error === 'string' ? error : JSON.stringify(error), stack: null };
  } catch {
    return { error: String(error), stack: null };
  }
}

interface ErrorDetails {
  message: string;
  url?: string;
  line?: number;
  column?: number;
  error?: unknown;
}

/** The `ZErrorReport` body, marked as ours and cut to the schema's bounds so it is never refused. */
export function buildErrorReport({ message, url, line, column, error }: ErrorDetails): TErrorReport {
  const described = describe(error);
  return {
    msg: cut(`${ERROR_REPORT_MARKER} ${message}`, 2_000),
    url: cut(url || window.location.href, 2_000),
    line: line || null,
    column: column || null,
    error: described.error === null ? null : cut(described.error, 2_000),
    errorStackTrace: described.stack === null ? null : cut(described.stack, 10_000),
  };
}
