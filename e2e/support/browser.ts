import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

export const screenshotDir = fileURLToPath(new URL('../screenshots', import.meta.url));

/** Debian's Chromium, driven headless; its background networking is off on a closed network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export const desktop: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };
export const mobile: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage: true });
}

/** Fails the test on any uncaught error or console error in the page. */
export function collectPageErrors(page: Page, options: { allowHttpErrors?: boolean } = {}): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Chromium logs every refused call (a wrong password is a 401); the page handles those itself.
    if (options.allowHttpErrors && /^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) return;
    const { url } = message.location();
    errors.push(url ? `${message.text()} (${url})` : message.text());
  });
  return errors;
}

/**
 * Runs `run` on a page of a fresh browser context and closes it after; the page's errors must
 * stay empty (with `allowHttpErrors`, the refusals a test asks for are not errors).
 */
export async function inFreshPage(
  browser: Browser,
  options: BrowserContextOptions & { allowHttpErrors?: boolean },
  run: (page: Page) => Promise<void>,
): Promise<void> {
  const { allowHttpErrors, ...contextOptions } = options;
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const errors = collectPageErrors(page, { allowHttpErrors });
  try {
    await run(page);
    if (errors.length > 0) throw new Error(`the page reported errors:\n${errors.join('\n')}`);
  } finally {
    await context.close();
  }
}
