import { extractLinks, startSmtpCatcher, type CaughtMail } from '@kavel/server/testing';
import { afterAll } from 'vitest';
import { useShopAndBrowser, type ShopAndBrowser } from './shop-and-browser.ts';

export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;

/**
 * `useShopAndBrowser` with a mail catcher the shop sends to (`SMTP_URL`), for tests that follow a
 * mailed link. `ready` receives the shop, the browser and the catcher.
 */
export function useShopBrowserAndMail(ready: (running: ShopAndBrowser & { smtp: SmtpCatcher }) => void): void {
  let smtp: SmtpCatcher | undefined;
  useShopAndBrowser(
    (running) => {
      if (!smtp) throw new Error('the mail catcher did not start');
      ready({ ...running, smtp });
    },
    async () => {
      smtp = await startSmtpCatcher();
      return { SMTP_URL: smtp.url };
    },
  );
  afterAll(async () => {
    await smtp?.close();
  });
}

/** The link in a mail that contains `path`, on the test shop's address (links carry the configured public address). */
export function mailedLink(mail: CaughtMail, path: string, shopUrl: string): string {
  const link = extractLinks(mail.text).find((l) => l.includes(path));
  if (!link) throw new Error(`no ${path} link in: ${mail.text}`);
  const url = new URL(link);
  return `${shopUrl}${url.pathname}${url.search}`;
}
