import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import { extractLinks } from './extract-links.ts';
import { composeMail, type MailSender } from './compose.ts';
import type { MailMessage, MailResult, MailerPort } from './mailer-port.ts';

export interface OutboxMailerOptions extends MailSender {
  /** Folder for the `.eml` files; created when missing. */
  dir: string;
  /** Called once per written message with a one-line summary and the first link in the text, if any. */
  log: (line: string, link?: string) => void;
}

/**
 * The default mailer, for development and demos: sends nothing, but writes each message as a complete
 * RFC 5322 file (`<timestamp>-<random>.eml`, text and HTML alternatives) that any mail program opens,
 * and logs the first link so the developer can follow an activation link from the server log.
 *
 * The timestamp is ISO 8601 with `-` instead of `:` (e.g. `2025-03-01T09-30-00.000Z`), because
 * Windows does not allow `:` in file names; the names still sort by time.
 */
export function createOutboxMailer(options: OutboxMailerOptions): MailerPort {
  const { dir, log } = options;
  // Nodemailer composes the message; loaded with the first mail rather than at every start.
  let composer: Promise<Transporter> | null = null;

  return {
    name: 'outbox',

    async send(message: MailMessage): Promise<MailResult> {
      const file = `${new Date().toISOString().replace(/:/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const path = join(dir, file);
      try {
        composer ??= import('nodemailer').then(({ createTransport }) => createTransport({ streamTransport: true, buffer: true }));
        // Nodemailer keeps the bodies' own line ends; RFC 5322 wants CRLF everywhere.
        const info = await (await composer).sendMail(composeMail(options, { ...message, text: crlf(message.text), html: crlf(message.html) }));
        await mkdir(dir, { recursive: true });
        await writeFile(path, info.message as Buffer, { flag: 'wx' });
      } catch (error) {
        return { ok: false, reason: 'unreachable', detail: error instanceof Error ? error.message : String(error) };
      }
      const line = `Mail to ${oneLine(message.to)} "${oneLine(message.subject)}" written to ${path}`;
      const link = extractLinks(message.text)[0];
      if (link === undefined) log(line);
      else log(line, link);
      return { ok: true, id: file };
    },
  };
}

function crlf(value: string): string {
  return value.replace(/\r?\n/g, '\r\n');
}

function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}
