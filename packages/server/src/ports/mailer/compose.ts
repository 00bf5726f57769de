import type { SendMailOptions } from 'nodemailer';
import type { MailMessage } from './mailer-port.ts';

/** Who a mail is from and where answers go, as both mail adapters are given them. */
export interface MailSender {
  /** `From` header, e.g. `Kavel <noreply@kavel.nl>`. */
  from: string;
  /** `Reply-To` header, e.g. `Kavel <support@kavel.nl>`; default: `defaultReplyTo(from)`. */
  replyTo?: string;
}

/** One address with its display name, if any: `Kavel <noreply@kavel.nl>` or `noreply@kavel.nl`. */
export interface Mailbox {
  name: string | null;
  local: string;
  domain: string;
}

const MAILBOX = /^\s*(?:(?:"((?:[^"\\]|\\.)*)"|([^<>"]*?))\s*<([^<>\s@]+)@([^<>\s@]+)>|([^<>\s@"]+)@([^<>\s@"]+))\s*$/;

/** Reads one mailbox; null when the text is not a single address (with an optional name). */
export function parseMailbox(text: string): Mailbox | null {
  const m = MAILBOX.exec(text);
  if (!m) return null;
  const [, quoted, bare, local, domain, plainLocal, plainDomain] = m;
  const name = (quoted ?? bare ?? '').trim();
  const host = (domain ?? plainDomain ?? '').toLowerCase();
  if (!/^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/.test(host)) return null;
  return { name: name === '' ? null : name, local: local ?? plainLocal ?? '', domain: host };
}

/** Sender addresses nobody reads: answers to them bounce or vanish. */
const UNREAD = /^(?:no-?reply|do-?not-?reply|donotreply|mailer-daemon)$/i;

/**
 * Where answers go when no Reply-To is configured: the From address itself when someone reads it,
 * else `support@` its domain under the same name (`Kavel <noreply@kavel.nl>` is answered at
 * `Kavel <support@kavel.nl>`). The order mail asks the customer to answer it.
 */
export function defaultReplyTo(from: string): string {
  const sender = parseMailbox(from);
  if (!sender || !UNREAD.test(sender.local)) return from;
  return sender.name ? `${sender.name} <support@${sender.domain}>` : `support@${sender.domain}`;
}

/**
 * Nodemailer's message for one mail, with what every mail the shop sends carries:
 * - `Reply-To`, so an answer reaches the shop, not the no-reply sender;
 * - the `Message-ID` `<key@domain of From>` when the message has a key (nodemailer makes one on
 *   that domain otherwise), never `@localhost`;
 * - `Auto-Submitted: auto-generated` (RFC 3834) and Exchange's `X-Auto-Response-Suppress`, so
 *   out-of-office answers and other automatic replies are not sent back.
 * Every mail the shop sends is transactional (account, security and order mails), so none carries
 * `List-Unsubscribe`.
 */
export function composeMail(sender: MailSender, message: MailMessage): SendMailOptions {
  const domain = parseMailbox(sender.from)?.domain;
  return {
    from: sender.from,
    replyTo: sender.replyTo ?? defaultReplyTo(sender.from),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.messageKey && domain ? { messageId: `<${message.messageKey}@${domain}>` } : {}),
    headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'OOF, AutoReply' },
  };
}
