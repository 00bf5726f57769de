import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOutboxMailer, createSmtpMailer, defaultReplyTo, extractLinks, parseMailbox } from './index.ts';
import type { MailMessage } from './index.ts';
import { parseMail, startSmtpCatcher } from '../../../test/support/smtp-catcher.ts';

const LINK = 'https://kavel.localhost/account/activeren?token=abc_DEF-123&x=1';

const message: MailMessage = {
  to: 'anna@voorbeeld.nl',
  subject: 'Activeer je account – één klik',
  text: `Hoi Anna,\n\nKlik hier om je account te activeren:\n${LINK}\n\nDaarna: https://kavel.localhost/inloggen.\n\nGroet,\nKavel\n`,
  html: `<p>Hoi Anna,</p><p><a href="${LINK.replace(/&/g, '&amp;')}">Account activeren</a></p><p>Één klik – klaar. ${'lange regel '.repeat(20)}</p>`,
};

describe('extractLinks', () => {
  it('finds http(s) links in order, without sentence punctuation, each once', () => {
    expect(extractLinks(`Zie ${LINK}. En (https://a.nl/b), ${LINK} en http://x.nl/?a=1&amp;b=2`)).toEqual([
      LINK,
      'https://a.nl/b',
      'http://x.nl/?a=1&b=2',
    ]);
    expect(extractLinks('geen links')).toEqual([]);
  });
});

describe('outbox mailer', () => {
  let dir: string;
  beforeAll(async () => {
    dir = join(await mkdtemp(join(tmpdir(), 'kavel-outbox-')), 'nested', 'outbox');
  });
  afterAll(async () => {
    await rm(join(dir, '..', '..'), { recursive: true, force: true });
  });

  it('writes a MIME .eml with text and HTML alternatives and logs the first link', async () => {
    const logs: Array<{ line: string; link: string | undefined }> = [];
    const mailer = createOutboxMailer({ dir, from: 'Kavel <noreply@kavel.localhost>', log: (line, link) => logs.push({ line, link }) });
    expect(mailer.name).toBe('outbox');

    const result = await mailer.send(message);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.id).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]{8}\.eml$/);
    expect(await readdir(dir)).toEqual([result.id]);

    const eml = await readFile(join(dir, result.id), 'utf8');
    const blank = eml.indexOf('\r\n\r\n');
    const head = eml.slice(0, blank);
    const body = eml.slice(blank + 4);
    expect(head).toMatch(/^From: Kavel <noreply@kavel\.localhost>$/m);
    expect(head).toMatch(/^To: anna@voorbeeld\.nl$/m);
    expect(head).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(head).toMatch(/^Message-ID: <[^@]+@kavel\.localhost>$/m);
    expect(head).toMatch(/^Reply-To: Kavel <support@kavel\.localhost>$/m);
    expect(head).toMatch(/^Auto-Submitted: auto-generated$/m);
    expect(head).toMatch(/^Date: /m);
    expect(head).toMatch(/^MIME-Version: 1\.0$/m);
    const boundary = /^Content-Type: multipart\/alternative;\s+boundary="([^"]+)"/m.exec(head)?.[1];
    expect(boundary).toBeDefined();
    expect(body).toContain(`--${boundary}\r\nContent-Type: text/plain; charset=utf-8`);
    expect(body).toContain(`--${boundary}\r\nContent-Type: text/html; charset=utf-8`);
    expect(body).toContain(`--${boundary}--`);
    expect(eml).not.toMatch(/[^\r]\n/); // CRLF line ends throughout

    const parsed = parseMail(eml);
    expect(parsed.from).toBe('noreply@kavel.localhost');
    expect(parsed.to).toEqual(['anna@voorbeeld.nl']);
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.text).toBe(message.text);
    expect(parsed.html).toBe(message.html);

    expect(logs).toHaveLength(1);
    expect(logs[0]?.link).toBe(LINK);
    expect(logs[0]?.line).toContain('anna@voorbeeld.nl');
    expect(logs[0]?.line).toContain(result.id);
    expect(logs[0]?.line).not.toContain('\n');

    const second = await mailer.send({ ...message, text: 'geen link' });
    expect(second.ok).toBe(true);
    expect(logs[1]?.link).toBeUndefined();
    expect(await readdir(dir)).toHaveLength(2);
  });

  it('answers unreachable when the folder cannot be written', async () => {
    const file = join(dir, '..', 'a-file');
    await writeFile(file, 'x');
    const mailer = createOutboxMailer({ dir: join(file, 'outbox'), from: 'Kavel <noreply@kavel.localhost>', log: () => undefined });
    const result = await mailer.send(message);
    expect(result).toMatchObject({ ok: false, reason: 'unreachable' });
  });
});

describe('parseMail (SMTP catcher)', () => {
  it('reads nested multiparts, base64 and quoted-printable, other charsets and encoded words', () => {
    const raw = [
      'From: =?ISO-8859-1?Q?J=F6rg?= <jorg@example.nl>',
      'To: "Bakker, Anna" <anna@voorbeeld.nl>, bob@voorbeeld.nl',
      'Subject: =?utf-8?B?w6nDqW4=?= =?utf-8?q?_klik_=E2=80=93?=',
      '  klaar',
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      'preamble',
      '--outer',
      'Content-Type: multipart/alternative; boundary=inner',
      '',
      '--inner',
      'Content-Type: text/plain; charset=ISO-8859-1',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Caf=E9 met een heel lange regel die netjes is afgebroken met een zachte =',
      'regeleinde.',
      '--inner',
      'Content-Type: text/html; charset="utf-8"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('<p>Één klik</p>').toString('base64'),
      '--inner--',
      '--outer',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Disposition: attachment; filename="bijlage.txt"',
      '',
      'niet de tekst',
      '--outer--',
      '',
    ].join('\r\n');
    const mail = parseMail(raw);
    expect(mail.from).toBe('jorg@example.nl');
    expect(mail.to).toEqual(['anna@voorbeeld.nl', 'bob@voorbeeld.nl']);
    expect(mail.subject).toBe('één klik – klaar');
    expect(mail.text).toBe('Café met een heel lange regel die netjes is afgebroken met een zachte regeleinde.');
    expect(mail.html).toBe('<p>Één klik</p>');
  });

  it('joins a character split between encoded words, and keeps plain text between words', () => {
    const mail = parseMail('Subject: Caf=?UTF-8?Q?=C3?= =?UTF-8?Q?=A9?= en =?UTF-8?Q?th=C3=A9?=\r\n\r\nhoi\r\n');
    expect(mail.subject).toBe('Café en thé');
    expect(mail.text).toBe('hoi\n');
    expect(mail.html).toBe('');
  });
});

describe('SMTP mailer', () => {
  it('delivers to an SMTP server; subject, text, html and recipient arrive intact', async () => {
    const catcher = await startSmtpCatcher();
    const mailer = createSmtpMailer({ url: catcher.url, from: 'Kavel <noreply@kavel.localhost>' });
    try {
      expect(mailer.name).toBe('smtp');
      const result = await mailer.send(message);
      expect(result).toMatchObject({ ok: true });

      const mail = await catcher.waitFor((m) => m.to.includes('anna@voorbeeld.nl'));
      expect(mail.from).toBe('noreply@kavel.localhost');
      expect(mail.to).toEqual(['anna@voorbeeld.nl']);
      expect(mail.subject).toBe(message.subject);
      expect(mail.text).toBe(message.text);
      expect(mail.html).toBe(message.html);
      expect(mail.raw).toContain('Subject: =?UTF-8?');
      expect(extractLinks(mail.text)[0]).toBe(LINK);

      // A second message reuses the pool; waitFor also sees messages that are still to come.
      const waiting = catcher.waitFor((m) => m.subject === 'Tweede');
      await mailer.send({ ...message, to: 'bob@voorbeeld.nl', subject: 'Tweede' });
      expect((await waiting).to).toEqual(['bob@voorbeeld.nl']);

      // Mostly non-ASCII bodies go out base64-encoded.
      const dutch = 'Één ç€ ü ë ï ö é è à '.repeat(30);
      await mailer.send({ to: 'cor@voorbeeld.nl', subject: 'Ééé', text: dutch, html: `<p>${dutch}</p>` });
      const third = await catcher.waitFor((m) => m.subject === 'Ééé');
      expect(third.raw).toContain('Content-Transfer-Encoding: base64');
      expect(third.text).toBe(dutch);
      expect(third.html).toBe(`<p>${dutch}</p>`);
      expect(catcher.messages.map((m) => m.subject)).toEqual([message.subject, 'Tweede', 'Ééé']);
    } finally {
      await mailer.close?.();
      await catcher.close();
    }
  });

  it('sends what a mail program answers to and leaves alone: Reply-To, a Message-ID on the shop domain, Auto-Submitted', async () => {
    const catcher = await startSmtpCatcher();
    const configured = createSmtpMailer({ url: catcher.url, from: 'Kavel <noreply@kavel.nl>', replyTo: 'Kavel klantenservice <klantenservice@kavel.nl>' });
    const derived = createSmtpMailer({ url: catcher.url, from: 'Kavel <noreply@kavel.nl>' });
    const readable = createSmtpMailer({ url: catcher.url, from: 'Bakkerij <info@bakkerij.nl>' });
    try {
      await configured.send({ ...message, subject: 'Ingesteld', messageKey: 'job-17' });
      const mail = await catcher.waitFor((m) => m.subject === 'Ingesteld');
      expect(mail.replyTo).toEqual(['klantenservice@kavel.nl']);
      expect(mail.headers['reply-to']).toBe('Kavel klantenservice <klantenservice@kavel.nl>');
      expect(mail.messageId).toBe('<job-17@kavel.nl>');
      expect(mail.headers['auto-submitted']).toBe('auto-generated');
      expect(mail.headers['x-auto-response-suppress']).toBe('OOF, AutoReply');
      // Every mail the shop sends is transactional: none offers to unsubscribe.
      expect(mail.headers['list-unsubscribe']).toBeUndefined();

      // Without a configured Reply-To a no-reply sender is answered at support@ its domain, and a
      // mail without a key still gets its Message-ID on the sender's domain.
      await derived.send({ ...message, subject: 'Afgeleid' });
      const fallback = await catcher.waitFor((m) => m.subject === 'Afgeleid');
      expect(fallback.headers['reply-to']).toBe('Kavel <support@kavel.nl>');
      expect(fallback.messageId).toMatch(/^<[^@<>]+@kavel\.nl>$/);
      expect(fallback.headers['auto-submitted']).toBe('auto-generated');

      // A sender someone reads is answered itself.
      await readable.send({ ...message, subject: 'Leesbaar', messageKey: 'job-18' });
      const own = await catcher.waitFor((m) => m.subject === 'Leesbaar');
      expect(own.replyTo).toEqual(['info@bakkerij.nl']);
      expect(own.messageId).toBe('<job-18@bakkerij.nl>');
    } finally {
      await Promise.all([configured, derived, readable].map((mailer) => mailer.close?.()));
      await catcher.close();
    }
  });

  it('waitFor rejects after its timeout, naming what did arrive', async () => {
    const catcher = await startSmtpCatcher();
    try {
      await expect(catcher.waitFor(() => false, 50)).rejects.toThrow(/No matching mail within 50 ms \(received: none\)/);
    } finally {
      await catcher.close();
    }
  });

  it('answers unreachable quickly when nothing listens', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}?connectionTimeout=1000`, from: 'Kavel <noreply@kavel.localhost>' });
    const started = Date.now();
    const result = await mailer.send(message);
    await mailer.close?.();
    expect(result).toMatchObject({ ok: false, reason: 'unreachable' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('answers unreachable when the server never greets (connection timeout)', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}?greetingTimeout=300`, from: 'Kavel <noreply@kavel.localhost>' });
    try {
      const started = Date.now();
      expect(await mailer.send(message)).toMatchObject({ ok: false, reason: 'unreachable' });
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await mailer.close?.();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('answers rejected on a 5xx refusal', async () => {
    const { SMTPServer } = await import('smtp-server');
    const strict = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 200,
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('5.1.1 No such user'), { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => strict.listen(0, '127.0.0.1', resolve));
    const { port } = strict.server.address() as AddressInfo;
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'Kavel <noreply@kavel.localhost>' });
    try {
      const result = await mailer.send(message);
      expect(result).toMatchObject({ ok: false, reason: 'rejected' });
    } finally {
      await mailer.close?.();
      await new Promise<void>((resolve) => strict.close(() => resolve()));
    }
  });

  it('refuses a URL that is not smtp: or smtps:', () => {
    expect(() => createSmtpMailer({ url: 'http://mail.example.nl', from: 'x@example.nl' })).toThrow(/smtp/);
    expect(() => createSmtpMailer({ url: 'not a url', from: 'x@example.nl' })).toThrow(/Invalid SMTP URL/);
  });
});

describe('parseMailbox and defaultReplyTo', () => {
  it('reads one address with or without a name, and refuses anything else', () => {
    expect(parseMailbox('Kavel <noreply@Kavel.NL>')).toEqual({ name: 'Kavel', local: 'noreply', domain: 'kavel.nl' });
    expect(parseMailbox('"Kavel, klantenservice" <support@kavel.nl>')).toEqual({ name: 'Kavel, klantenservice', local: 'support', domain: 'kavel.nl' });
    expect(parseMailbox('support@kavel.nl')).toEqual({ name: null, local: 'support', domain: 'kavel.nl' });
    for (const wrong of ['', 'Kavel', 'kavel.nl', 'a@b@c.nl', 'a@kavel.nl, b@kavel.nl', 'Kavel <a@-kavel.nl>', '<a@kavel.nl']) expect(parseMailbox(wrong), wrong).toBeNull();
  });

  it('answers a no-reply sender at support@ its domain, any other sender itself', () => {
    expect(defaultReplyTo('Kavel <noreply@kavel.nl>')).toBe('Kavel <support@kavel.nl>');
    expect(defaultReplyTo('no-reply@kavel.nl')).toBe('support@kavel.nl');
    expect(defaultReplyTo('Kavel <DoNotReply@kavel.nl>')).toBe('Kavel <support@kavel.nl>');
    expect(defaultReplyTo('Kavel <info@kavel.nl>')).toBe('Kavel <info@kavel.nl>');
  });
});
