import { ERROR_REPORT_LIMIT, type TErrorReport } from '@kavel/core';
import { shopContracts } from '@kavel/core/contracts/shop';
import { call } from '../../api/client.ts';
import { buildErrorReport } from './build-error-report.ts';
import { createReportThrottle } from './report-throttle.ts';

async function send(report: TErrorReport): Promise<void> {
  try {
    await call(shopContracts.reportError, { body: report }, { keepalive: true });
  } catch (failure) {
    // Only logged: a failing report must never raise a new error to report.
    console.error('Error report could not be sent', failure);
  }
}

/**
 * Uncaught errors and unhandled rejections are reported to the server (throttled), logged to the
 * console, and their default handling is suppressed (spec 001 sections 7 to 9).
 */
export function installErrorReporting(): () => void {
  const allow = createReportThrottle(ERROR_REPORT_LIMIT.max, ERROR_REPORT_LIMIT.windowMs);
  const report = (details: Parameters<typeof buildErrorReport>[0]) => {
    console.error(details.error ?? details.message);
    if (allow()) void send(buildErrorReport(details));
  };

  const onError = (event: ErrorEvent) => {
    event.preventDefault();
    report({ message: event.message || 'Script error', url: event.filename, line: event.lineno, column: event.colno, error: event.error });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    event.preventDefault();
    const reason: unknown = event.reason;
    const message = reason instanceof Error ? reason.message : String(reason);
    report({ message: `Unhandled rejection: ${message}`, error: reason });
  };

  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
