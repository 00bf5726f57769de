/** Sends e-mail. Expected failures are answers; the caller decides whether to retry or report. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The left part of the `Message-ID` (the adapter adds the From address's domain: `<key@kavel.nl>`);
   * the same on every attempt of one mail, so a copy sent twice is recognisably the same message.
   */
  messageKey?: string;
}

export type MailResult = { ok: true; id: string } | { ok: false; reason: 'unreachable' | 'rejected'; detail?: string };

export interface MailerPort {
  readonly name: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<MailResult>;
  close?(): Promise<void>;
}
