import type { MailMessage } from '../../ports/mailer/mailer-port.ts';
import { escapeHtml } from '../../http/html.ts';

/**
 * The e-mails of the account flows, in Dutch (friendly 'je') and English. Pure: the caller builds the
 * links (from `config.baseUrl`) and adds the recipient. Every text also comes as simple, inline-styled
 * HTML; the first link in the plain text is always the main action.
 */
export type EmailLocale = 'nl' | 'en';
export type AccountEmail = Omit<MailMessage, 'to'>;

/** A piece of a mail's body; `rows` is a two-column list (label, amount), its `strong` rows in bold. */
export type MailBlock =
  | { kind: 'p'; text: string }
  | { kind: 'button'; label: string; link: string }
  | { kind: 'link'; text: string; link: string }
  | { kind: 'rows'; rows: { label: string; value: string; strong?: boolean }[] };
type Block = MailBlock;

const p = (text: string): Block => ({ kind: 'p', text });

const COMMON = {
  nl: {
    hi: (name: string) => (name ? `Hoi ${name},` : 'Hoi,'),
    fallback: 'Werkt de knop niet? Kopieer dan deze link en plak hem in je browser:',
    bye: 'Groet,',
  },
  en: {
    hi: (name: string) => (name ? `Hi ${name},` : 'Hi,'),
    fallback: 'Button not working? Copy this link and paste it into your browser:',
    bye: 'Kind regards,',
  },
} as const;

export function activationEmail(input: { locale: EmailLocale; firstName: string; link: string; needsPassword: boolean }): AccountEmail {
  const { locale, firstName, link, needsPassword } = input;
  if (locale === 'nl') {
    return renderMail(locale, firstName, 'Activeer je account bij Kavel', [
      p(`Welkom bij Kavel! Bevestig je e-mailadres${needsPassword ? ' en kies een wachtwoord' : ''} om je account te activeren.`),
      { kind: 'button', label: needsPassword ? 'Wachtwoord kiezen en activeren' : 'Account activeren', link },
      p('De link is 24 uur geldig.'),
      p('Heb je geen account aangemaakt bij Kavel? Dan kun je deze e-mail negeren. Zonder jouw klik gebeurt er niets.'),
    ]);
  }
  return renderMail(locale, firstName, 'Activate your Kavel account', [
    p(`Welcome to Kavel! Confirm your e-mail address${needsPassword ? ' and choose a password' : ''} to activate your account.`),
    { kind: 'button', label: needsPassword ? 'Choose password and activate' : 'Activate account', link },
    p('This link is valid for 24 hours.'),
    p("Didn't create an account with Kavel? Then you can ignore this e-mail. Nothing happens without your click."),
  ]);
}

export function passwordResetEmail(input: { locale: EmailLocale; firstName: string; link: string; validMinutes: number }): AccountEmail {
  const { locale, firstName, link, validMinutes } = input;
  const valid = duration(locale, validMinutes);
  if (locale === 'nl') {
    return renderMail(locale, firstName, 'Kies een nieuw wachtwoord voor Kavel', [
      p('Je hebt gevraagd om een nieuw wachtwoord voor je Kavel-account. Met de knop hieronder kies je er een.'),
      { kind: 'button', label: 'Nieuw wachtwoord kiezen', link },
      p(`De link is ${valid} geldig.`),
      p('Heb je dit niet zelf gevraagd? Dan kun je deze e-mail negeren; je huidige wachtwoord blijft gewoon werken.'),
    ]);
  }
  return renderMail(locale, firstName, 'Choose a new password for Kavel', [
    p('You asked for a new password for your Kavel account. Use the button below to choose one.'),
    { kind: 'button', label: 'Choose new password', link },
    p(`This link is valid for ${valid}.`),
    p("Didn't ask for this? Then you can ignore this e-mail; your current password keeps working."),
  ]);
}

/**
 * Sent when failed logins locked the account for a while: the link is a password-reset link, and
 * choosing a new password with it lifts the lock.
 */
export function loginLockedEmail(input: { locale: EmailLocale; firstName: string; link: string; validMinutes: number; lockMinutes: number }): AccountEmail {
  const { locale, firstName, link, validMinutes, lockMinutes } = input;
  const valid = duration(locale, validMinutes);
  const lock = duration(locale, lockMinutes);
  if (locale === 'nl') {
    return renderMail(locale, firstName, 'Inloggen bij Kavel tijdelijk geblokkeerd', [
      p(`Er is vaak achter elkaar met een verkeerd wachtwoord geprobeerd in te loggen op je Kavel-account. Daarom kan er de komende ${lock} niet worden ingelogd.`),
      p('Was jij dit niet? Dan probeert iemand anders je wachtwoord te raden. Kies een nieuw, sterk wachtwoord; daarmee heb je de blokkade meteen opgeheven.'),
      { kind: 'button', label: 'Nieuw wachtwoord kiezen en blokkade opheffen', link },
      p(`De link is ${valid} geldig. Doe je niets, dan kun je na de blokkade weer inloggen met je huidige wachtwoord.`),
    ]);
  }
  return renderMail(locale, firstName, 'Logging in to Kavel temporarily blocked', [
    p(`Someone tried to log in to your Kavel account with a wrong password many times in a row. Therefore logging in is blocked for the next ${lock}.`),
    p("Wasn't this you? Then someone else is trying to guess your password. Choose a new, strong password; that lifts the block right away."),
    { kind: 'button', label: 'Choose new password and lift the block', link },
    p(`This link is valid for ${valid}. If you do nothing, you can log in with your current password again after the block.`),
  ]);
}

/** Sent instead of an activation mail when the address already has an account; the visitor's screen shows the same either way. */
export function alreadyRegisteredEmail(input: { locale: EmailLocale; firstName: string; loginLink: string; resetLink: string }): AccountEmail {
  const { locale, firstName, loginLink, resetLink } = input;
  if (locale === 'nl') {
    return renderMail(locale, firstName, 'Je hebt al een account bij Kavel', [
      p('Iemand (waarschijnlijk jij) probeerde zojuist een nieuw account aan te maken met dit e-mailadres. Je hebt al een account bij ons, dus we hebben geen nieuw account gemaakt.'),
      { kind: 'button', label: 'Inloggen', link: loginLink },
      { kind: 'link', text: 'Wachtwoord vergeten? Hier kies je een nieuw wachtwoord:', link: resetLink },
      p('Was jij dit niet? Dan hoef je niets te doen; je account blijft zoals het is.'),
    ]);
  }
  return renderMail(locale, firstName, 'You already have a Kavel account', [
    p('Someone (probably you) just tried to create a new account with this e-mail address. You already have an account with us, so we did not create a new one.'),
    { kind: 'button', label: 'Log in', link: loginLink },
    { kind: 'link', text: 'Forgot your password? Choose a new one here:', link: resetLink },
    p("Wasn't this you? Then there is nothing you need to do; your account stays as it is."),
  ]);
}

export function passwordChangedEmail(input: { locale: EmailLocale; firstName: string }): AccountEmail {
  const { locale, firstName } = input;
  if (locale === 'nl') {
    return renderMail(locale, firstName, 'Je Kavel-wachtwoord is gewijzigd', [
      p('Het wachtwoord van je Kavel-account is zojuist gewijzigd. Was jij dit? Dan hoef je niets meer te doen.'),
      p('Was jij dit niet? Kies dan meteen een nieuw wachtwoord via ‘Wachtwoord vergeten’ op de inlogpagina en neem contact met ons op.'),
    ]);
  }
  return renderMail(locale, firstName, 'Your Kavel password has been changed', [
    p('The password of your Kavel account was just changed. Was this you? Then there is nothing more to do.'),
    p("Wasn't this you? Then choose a new password right away with ‘Forgot password’ on the login page, and contact us."),
  ]);
}


function duration(locale: EmailLocale, minutes: number): string {
  if (minutes >= 60 && minutes % 60 === 0) {
    const hours = minutes / 60;
    return locale === 'nl' ? `${hours} uur` : `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  }
  if (locale === 'nl') return `${minutes} ${minutes === 1 ? 'minuut' : 'minuten'}`;
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

function plainText(b: Block): string {
  switch (b.kind) {
    case 'p':
      return b.text;
    case 'rows':
      return b.rows.map((row) => `${row.label}: ${row.value}`).join('\n');
    case 'button':
      return `${b.label}:\n${b.link}`;
    case 'link':
      return `${b.text}\n${b.link}`;
  }
}

const COLOR = '#0b5d4b'; // contrast 7.8:1 against white, both as text and as button background
const P = 'margin:0 0 16px;';

/** Renders a shop mail: greeting, the blocks, the sign-off; as plain text and as inline-styled HTML. */
export function renderMail(locale: EmailLocale, firstName: string, subject: string, blocks: Block[]): AccountEmail {
  const words = COMMON[locale];
  const greeting = words.hi(firstName.trim());

  const text = [greeting, ...blocks.map(plainText), `${words.bye}\nKavel`].join('\n\n');

  const body = blocks.map((b) => {
    const href = escapeHtml(b.kind === 'p' || b.kind === 'rows' ? '' : b.link);
    const printed = `<a href="${href}" style="color:${COLOR};word-break:break-all;">${href}</a>`;
    switch (b.kind) {
      case 'p':
        return `<p style="${P}">${escapeHtml(b.text)}</p>`;
      case 'rows':
        return [
          `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;border-collapse:collapse;">`,
          ...b.rows.map((row) => {
            const weight = row.strong ? 'font-weight:bold;' : '';
            return `<tr><td style="padding:4px 8px 4px 0;border-bottom:1px solid #e4e7eb;${weight}">${escapeHtml(row.label)}</td><td align="right" style="padding:4px 0;border-bottom:1px solid #e4e7eb;white-space:nowrap;${weight}">${escapeHtml(row.value)}</td></tr>`;
          }),
          `</table>`,
        ].join('\n');
      case 'link':
        return `<p style="${P}">${escapeHtml(b.text)}<br>${printed}</p>`;
      case 'button':
        return [
          `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px;"><tr>`,
          `<td style="border-radius:6px;background:${COLOR};"><a href="${href}" style="display:inline-block;padding:12px 24px;border-radius:6px;color:#ffffff;font-weight:bold;text-decoration:none;">${escapeHtml(b.label)}</a></td>`,
          `</tr></table>`,
          `<p style="${P}font-size:14px;color:#52606d;">${escapeHtml(words.fallback)}<br>${printed}</p>`,
        ].join('\n');
    }
  });

  const html = `<!DOCTYPE html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f6;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2933;">
<tr><td style="padding:24px 32px 0;font-size:22px;font-weight:bold;color:${COLOR};">Kavel</td></tr>
<tr><td style="padding:16px 32px 24px;">
<p style="${P}">${escapeHtml(greeting)}</p>
${body.join('\n')}
<p style="margin:0;">${escapeHtml(words.bye)}<br>Kavel</p>
</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  return { subject, text: `${text}\n`, html };
}
