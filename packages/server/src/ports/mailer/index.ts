export type { MailMessage, MailResult, MailerPort } from './mailer-port.ts';
export { createOutboxMailer } from './outbox-mailer.ts';
export type { OutboxMailerOptions } from './outbox-mailer.ts';
export { createSmtpMailer } from './smtp-mailer.ts';
export type { SmtpMailerOptions } from './smtp-mailer.ts';
export { extractLinks } from './extract-links.ts';
export { composeMail, defaultReplyTo, parseMailbox } from './compose.ts';
export type { MailSender, Mailbox } from './compose.ts';
