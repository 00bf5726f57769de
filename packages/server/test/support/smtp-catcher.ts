import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export { extractLinks } from '../../src/ports/mailer/extract-links.ts';

/** One message received by the catcher. Line ends in `text` and `html` are `\n`; `raw` is as received. */
export interface CaughtMail {
  /** Envelope sender (MAIL FROM), or the `From` header when the envelope has none. */
  from: string;
  /** Envelope recipients (RCPT TO), so Bcc recipients are included. */
  to: string[];
  /** Decoded `Subject` header. */
  subject: string;
  /** Decoded text/plain part ('' when absent). */
  text: string;
  /** Decoded text/html part ('' when absent). */
  html: string;
  /** The `Message-ID` header ('' when absent). */
  messageId: string;
  /** The addresses in the `Reply-To` header, where a mail program sends an answer (empty when absent). */
  replyTo: string[];
  /** Every top-level header as a mail program reads it: name in lower case, unfolded, encoded words decoded (the first of repeated ones). */
  headers: Record<string, string>;
  /** The whole message as received, decoded as UTF-8. */
  raw: string;
}

export interface SmtpCatcher {
  /** `smtp://127.0.0.1:<port>`, usable as SMTP_URL. */
  url: string;
  /** Every message received so far, oldest first. */
  messages: CaughtMail[];
  /** The first message (already received or still to come) that matches; rejects after `timeoutMs` (default 5000). */
  waitFor(predicate: (m: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

interface Waiter {
  predicate: (m: CaughtMail) => boolean;
  resolve: (m: CaughtMail) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

/** A real SMTP server on 127.0.0.1 (random port) that accepts every message, with or without AUTH, for tests. */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const messages: CaughtMail[] = [];
  const waiters = new Set<Waiter>();

  const settle = (waiter: Waiter, outcome: { mail: CaughtMail } | { error: Error }) => {
    clearTimeout(waiter.timer);
    waiters.delete(waiter);
    if ('mail' in outcome) waiter.resolve(outcome.mail);
    else waiter.reject(outcome.error);
  };

  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 500,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anyone' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        let mail: CaughtMail;
        try {
          const { mailFrom, rcptTo } = session.envelope;
          mail = parseMail(Buffer.concat(chunks), { from: mailFrom ? mailFrom.address : '', to: rcptTo.map((r) => r.address) });
        } catch (error) {
          callback(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        messages.push(mail);
        for (const waiter of [...waiters]) {
          try {
            if (waiter.predicate(mail)) settle(waiter, { mail });
          } catch (error) {
            settle(waiter, { error: error instanceof Error ? error : new Error(String(error)) });
          }
        }
        callback(null);
      });
    },
  });
  server.on('error', () => undefined); // a client that goes away mid-session is not the test's problem

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(predicate, timeoutMs = 5000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise<CaughtMail>((resolve, reject) => {
        const waiter: Waiter = {
          predicate,
          resolve,
          reject,
          timer: setTimeout(() => {
            const seen = messages.map((m) => `${m.to.join(',')}: "${m.subject}"`).join('; ') || 'none';
            settle(waiter, { error: new Error(`No matching mail within ${timeoutMs} ms (received: ${seen})`) });
          }, timeoutMs),
        };
        waiters.add(waiter);
      });
    },
    close() {
      for (const waiter of [...waiters]) settle(waiter, { error: new Error('SMTP catcher closed') });
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---- A small MIME reader: enough for what nodemailer and ordinary mail programs produce. ----

interface Part {
  headers: Map<string, string>;
  /** Body as a binary string (one char per byte). */
  body: string;
}

/**
 * Reads a raw RFC 5322 message (e.g. an outbox `.eml` file). Without an envelope, `from` and `to` are
 * the addresses in the `From` and `To`/`Cc` headers.
 */
export function parseMail(raw: Buffer | string, envelope?: { from: string; to: string[] }): CaughtMail {
  const bytes = typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw;
  const root = parsePart(bytes.toString('latin1'));
  const found = { text: '', html: '' };
  collectText(root, found);
  const header = (name: string) => decodeWords(decodeCharset(Buffer.from(root.headers.get(name) ?? '', 'latin1'), 'utf-8'));
  const addresses = (value: string) => value.match(/[^\s<>,;:"()]+@[^\s<>,;:"()]+/g) ?? [];
  const headers = Object.fromEntries([...root.headers.keys()].map((name) => [name, header(name)]));
  return {
    from: envelope?.from || addresses(header('from'))[0] || header('from'),
    to: envelope?.to ?? [...addresses(header('to')), ...addresses(header('cc'))],
    subject: header('subject'),
    text: found.text,
    html: found.html,
    messageId: header('message-id').trim(),
    replyTo: addresses(header('reply-to')),
    headers,
    raw: bytes.toString('utf8'),
  };
}

function parsePart(source: string): Part {
  const split = /\r?\n\r?\n/.exec(source);
  const head = split ? source.slice(0, split.index) : source;
  const body = split ? source.slice(split.index + split[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** `text/plain; charset="utf-8"` -> `{ value: 'text/plain', params: { charset: 'utf-8' } }` */
function headerValue(value: string): { value: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  for (const m of value.matchAll(/;\s*([^=\s;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g)) {
    params[(m[1] ?? '').toLowerCase()] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? '');
  }
  return { value: (value.split(';')[0] ?? '').trim().toLowerCase(), params };
}

function collectText(part: Part, found: { text: string; html: string }): void {
  const type = headerValue(part.headers.get('content-type') ?? 'text/plain');
  const disposition = headerValue(part.headers.get('content-disposition') ?? 'inline').value;
  if (type.value.startsWith('multipart/')) {
    const boundary = type.params.boundary;
    if (boundary) for (const child of splitMultipart(part.body, boundary)) collectText(parsePart(child), found);
    return;
  }
  if (disposition === 'attachment') return;
  const slot = type.value === 'text/plain' ? 'text' : type.value === 'text/html' ? 'html' : null;
  if (slot === null || found[slot] !== '') return;
  const bytes = decodeTransfer(part.body, part.headers.get('content-transfer-encoding') ?? '7bit');
  found[slot] = decodeCharset(bytes, type.params.charset ?? 'us-ascii').replace(/\r\n/g, '\n');
}

function splitMultipart(body: string, boundary: string): string[] {
  const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const delimiter = new RegExp(`(?:^|\\r?\\n)--${escaped}(--)?[ \\t]*(?:\\r?\\n|$)`, 'g');
  const parts: string[] = [];
  let start: number | null = null;
  for (const m of body.matchAll(delimiter)) {
    if (start !== null) parts.push(body.slice(start, m.index));
    if (m[1] === '--') break;
    start = m.index + m[0].length;
  }
  return parts;
}

function decodeTransfer(body: string, encoding: string): Buffer {
  switch (encoding.trim().toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
    case 'quoted-printable':
      return decodeQuotedPrintable(body.replace(/[ \t]+(?=\r?\n)/g, '').replace(/=\r?\n/g, ''));
    default:
      return Buffer.from(body, 'latin1');
  }
}

function decodeQuotedPrintable(value: string): Buffer {
  return Buffer.from(
    value.replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
}

function decodeCharset(bytes: Buffer, charset: string): string {
  const name = charset.trim().toLowerCase();
  try {
    return new TextDecoder(name === 'us-ascii' || name === 'ascii' ? 'utf-8' : name).decode(bytes);
  } catch {
    return bytes.toString('utf8'); // unknown charset
  }
}

/** RFC 2047: `=?UTF-8?Q?Activeer_je_account_=E2=80=93?= =?UTF-8?B?w6nDqW4=?=` -> text; space between encoded words is dropped. */
function decodeWords(value: string): string {
  const pieces: Array<string | { charset: string; bytes: Buffer[] }> = [];
  let last = 0;
  for (const m of value.matchAll(/=\?([^?*]+)(?:\*[^?]*)?\?([BbQq])\?([^?]*)\?=/g)) {
    const previous = pieces.at(-1);
    const afterWord = typeof previous === 'object' && /^\s*$/.test(value.slice(last, m.index));
    const charset = (m[1] ?? 'utf-8').toLowerCase();
    const text = m[3] ?? '';
    const bytes = m[2]?.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeQuotedPrintable(text.replace(/_/g, ' '));
    if (!afterWord) pieces.push(value.slice(last, m.index));
    // Adjacent words in one charset are joined as bytes first: a character may be split between them.
    if (afterWord && previous.charset === charset) previous.bytes.push(bytes);
    else pieces.push({ charset, bytes: [bytes] });
    last = m.index + m[0].length;
  }
  pieces.push(value.slice(last));
  return pieces.map((p) => (typeof p === 'string' ? p : decodeCharset(Buffer.concat(p.bytes), p.charset))).join('');
}
