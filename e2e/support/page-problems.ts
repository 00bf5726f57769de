import type { Page } from 'playwright-core';
import { collectPageErrors } from './browser.ts';

/**
 * Console errors and failed calls of the page. The simulated provider's page has no icon, so
 * Chromium's own `/favicon.ico` request there may fail; every other 4xx or 5xx counts.
 */
export function watchPage(page: Page): string[] {
  const errors = collectPageErrors(page, { allowHttpErrors: true });
  page.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).pathname !== '/favicon.ico') errors.push(`${response.status()} ${response.url()}`);
  });
  return errors;
}
