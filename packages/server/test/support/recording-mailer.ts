import type { MailMessage, MailerPort } from '../../src/ports/mailer/mailer-port.ts';

export interface RecordingMailer extends MailerPort {
  /** Every message sent so far, oldest first. */
  readonly messages: MailMessage[];
  /** The first message (sent already or still to come) that matches; rejects after `timeoutMs`. */
  waitFor(predicate: (message: MailMessage) => boolean, timeoutMs?: number): Promise<MailMessage>;
}

/** A mailer that keeps what it is given, for tests that read links from mails without SMTP. */
export function createRecordingMailer(): RecordingMailer {
  const messages: MailMessage[] = [];
  const waiters = new Set<{ predicate: (m: MailMessage) => boolean; resolve: (m: MailMessage) => void }>();
  return {
    name: 'outbox',
    messages,
    async send(message) {
      messages.push(message);
      for (const waiter of [...waiters]) {
        if (waiter.predicate(message)) {
          waiters.delete(waiter);
          waiter.resolve(message);
        }
      }
      return { ok: true, id: String(messages.length) };
    },
    waitFor(predicate, timeoutMs = 5000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { predicate, resolve: (m: MailMessage) => (clearTimeout(timer), resolve(m)) };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error('no matching mail arrived in time'));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
  };
}

/** A clock that runs with real time and that tests can move forward. */
export function createTestClock(): { now: () => Date; advance(ms: number): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      offset += ms;
    },
  };
}
