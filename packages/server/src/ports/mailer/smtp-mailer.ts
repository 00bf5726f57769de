import { createTransport } from 'nodemailer';
import { composeMail, type MailSender } from './compose.ts';
import type { MailMessage, MailResult, MailerPort } from './mailer-port.ts';

export interface SmtpMailerOptions extends MailSender {
  /**
   * `smtp://[user:pass@]host[:port]` (STARTTLS when the server offers it) or `smtps://…` (TLS from
   * the start, usually port 465). Nodemailer reads options from the query string, e.g.
   * `?tls.rejectUnauthorized=false`, `?requireTLS=true`, `?connectionTimeout=5000`, `?maxConnections=2`.
   */
  url: string;
}

/** Used unless the URL sets them; nodemailer's own timeouts (up to 10 minutes) are too patient for a web request. */
const URL_DEFAULTS: Record<string, string> = {
  pool: 'true',
  connectionTimeout: '10000',
  greetingTimeout: '10000',
  socketTimeout: '30000',
  maxRequeues: '1',
};

/** Sends through an SMTP server with a small pool of reused connections. Throws on a malformed URL. */
export function createSmtpMailer(options: SmtpMailerOptions): MailerPort {
  // Nodemailer ignores other options when given a URL, so the defaults travel in the query string.
  const transporter = createTransport(withDefaults(options.url));

  return {
    name: 'smtp',

    async send(message: MailMessage): Promise<MailResult> {
      try {
        const info = await transporter.sendMail(composeMail(options, message));
        if (info.accepted.length === 0 && info.rejected.length > 0) {
          return { ok: false, reason: 'rejected', detail: info.response };
        }
        return { ok: true, id: info.messageId };
      } catch (error) {
        return failure(error);
      }
    },

    async close(): Promise<void> {
      transporter.close();
    },
  };
}

function withDefaults(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('Invalid SMTP URL: expected smtp://host:port or smtps://host:port');
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') {
    throw new Error(`Invalid SMTP URL: protocol ${parsed.protocol} is not smtp: or smtps:`);
  }
  for (const [key, value] of Object.entries(URL_DEFAULTS)) {
    if (!parsed.searchParams.has(key)) parsed.searchParams.set(key, value);
  }
  return parsed.toString();
}

/**
 * A permanent refusal (5xx reply, or a message or envelope nodemailer will not send) is 'rejected':
 * sending again will not help. Everything else (DNS, connection, TLS, timeouts, 4xx) is 'unreachable'.
 */
function failure(error: unknown): MailResult {
  const { code, responseCode, message } = (error ?? {}) as { code?: string; responseCode?: number; message?: string };
  const detail = [code, responseCode, message].filter((part) => part !== undefined && part !== '').join(' ');
  const permanent =
    (responseCode !== undefined && responseCode >= 500 && responseCode < 600) ||
    (responseCode === undefined && (code === 'EENVELOPE' || code === 'EMESSAGE'));
  return { ok: false, reason: permanent ? 'rejected' : 'unreachable', detail };
}
