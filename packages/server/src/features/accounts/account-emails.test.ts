import { describe, it, expect } from 'vitest';
import {
  activationEmail,
  alreadyRegisteredEmail,
  passwordChangedEmail,
  passwordResetEmail,
} from './account-emails.ts';
import type { AccountEmail, EmailLocale } from './account-emails.ts';
import { escapeHtml } from '../../http/html.ts';

const LOCALES: EmailLocale[] = ['nl', 'en'];
const LINK = 'https://kavel.localhost/account/activeren?token=abc&next=/mijn';
const LOGIN = 'https://kavel.localhost/inloggen';
const RESET = 'https://kavel.localhost/wachtwoord-vergeten';
const EVIL = '<script>alert("x")</script>';

/** The link in the text, and in the HTML (with `&` as `&amp;`) as href and printed. */
function expectLink(mail: AccountEmail, link: string) {
  expect(mail.text).toContain(link);
  expect(mail.html).toContain(`href="${escapeHtml(link)}"`);
  expect(mail.html).toContain(`>${escapeHtml(link)}</a>`);
}

function expectEscapedName(mail: AccountEmail) {
  expect(mail.html).not.toContain('<script>');
  expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  expect(mail.text).toContain(EVIL); // plain text needs no escaping
}

function expectWellFormed(mail: AccountEmail, locale: EmailLocale) {
  expect(mail.subject).not.toMatch(/[\r\n]/);
  expect(mail.text).toMatch(/\n\n(Groet|Kind regards),\nKavel\n$/);
  expect(mail.html).toMatch(/^<!DOCTYPE html>/);
  expect(mail.html).toContain(`<html lang="${locale}">`);
  expect(mail.html).toContain(`<title>${escapeHtml(mail.subject)}</title>`);
  expect(mail.html).not.toContain('undefined');
  expect(mail.text).not.toContain('undefined');
}

describe('account e-mails', () => {
  describe.each(LOCALES)('%s', (locale) => {
    it('activation', () => {
      for (const needsPassword of [false, true]) {
        const mail = activationEmail({ locale, firstName: EVIL, link: LINK, needsPassword });
        expectWellFormed(mail, locale);
        expectLink(mail, LINK);
        expectEscapedName(mail);
        expect(mail.text).toContain(locale === 'nl' ? '24 uur' : '24 hours');
      }
      const withPassword = activationEmail({ locale, firstName: 'Anna', link: LINK, needsPassword: true });
      const without = activationEmail({ locale, firstName: 'Anna', link: LINK, needsPassword: false });
      expect(withPassword.text).toContain(locale === 'nl' ? 'kies een wachtwoord' : 'choose a password');
      expect(without.text).not.toContain(locale === 'nl' ? 'wachtwoord' : 'password');
      expect(without.text.startsWith(locale === 'nl' ? 'Hoi Anna,' : 'Hi Anna,')).toBe(true);
    });

    it('password reset', () => {
      const mail = passwordResetEmail({ locale, firstName: EVIL, link: LINK, validMinutes: 60 });
      expectWellFormed(mail, locale);
      expectLink(mail, LINK);
      expectEscapedName(mail);
      expect(mail.text).toContain(locale === 'nl' ? '1 uur geldig' : 'valid for 1 hour');
      expect(passwordResetEmail({ locale, firstName: 'A', link: LINK, validMinutes: 30 }).text).toContain(
        locale === 'nl' ? '30 minuten' : '30 minutes',
      );
    });

    it('already registered: both links, the login link first', () => {
      const mail = alreadyRegisteredEmail({ locale, firstName: EVIL, loginLink: LOGIN, resetLink: RESET });
      expectWellFormed(mail, locale);
      expectLink(mail, LOGIN);
      expect(mail.text).toContain(RESET);
      expect(mail.html).toContain(`href="${RESET}"`);
      expect(mail.text.indexOf(LOGIN)).toBeLessThan(mail.text.indexOf(RESET));
      expectEscapedName(mail);
    });

    it('password changed', () => {
      const mail = passwordChangedEmail({ locale, firstName: EVIL });
      expectWellFormed(mail, locale);
      expectEscapedName(mail);
      expect(mail.text).not.toMatch(/https?:/);
    });

    it('greets without a name when there is none', () => {
      const mail = passwordChangedEmail({ locale, firstName: '  ' });
      expect(mail.text.startsWith(locale === 'nl' ? 'Hoi,\n' : 'Hi,\n')).toBe(true);
    });
  });

  it('Dutch and English differ, and Dutch uses je/jij', () => {
    const pairs = LOCALES.map((locale) => [
      activationEmail({ locale, firstName: 'Anna', link: LINK, needsPassword: false }),
      passwordResetEmail({ locale, firstName: 'Anna', link: LINK, validMinutes: 60 }),
      alreadyRegisteredEmail({ locale, firstName: 'Anna', loginLink: LOGIN, resetLink: RESET }),
      passwordChangedEmail({ locale, firstName: 'Anna' }),
    ]);
    const [nl = [], en = []] = pairs;
    for (const [i, dutch] of nl.entries()) {
      expect(dutch.subject).not.toBe(en[i]?.subject);
      expect(dutch.text).toMatch(/\bje\b|\bjij\b|\bjouw\b/);
      expect(dutch.text).not.toMatch(/\bu\b|\buw\b/);
    }
    expect(new Set(nl.map((m) => m.subject)).size).toBe(4);
  });

  it('escapeHtml escapes the five special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});
