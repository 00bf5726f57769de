import { request } from 'node:http';
import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acmeChallenges, domainRedirects, domains } from '../src/db/schema/index.ts';
import { forwardCacheKeys } from '../src/features/domains/forward-host.ts';
import type { RunningRole } from '../src/roles/running-role.ts';
import { startForwarder } from '../src/roles/forwarder.ts';
import type { Services } from '../src/services.ts';
import { customerIdOf, databaseKinds, useTestShop } from './support/index.ts';

const WEBSHOP = 'goudenkorst-webshop.com';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request to the responder over real HTTP, with the Host header a browser would send. */
function ask(port: number, host: string, path = '/', method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path, method, headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/**
 * A request written byte for byte on a socket, so the responder sees exactly these headers (a
 * client library would refuse or merge some of them); answers the status and the headers.
 */
function askRaw(port: number, head: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [top = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = top.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.end(Buffer.from(`${head}Connection: close\r\n\r\n`, 'latin1'));
  });
}

const expectNotFramable = (answer: Answer, what: string) => {
  expect(String(answer.headers['content-security-policy']), what).toContain("frame-ancestors 'none'");
  expect(answer.headers['x-frame-options'], what).toBe('DENY');
};

describe('the forwarding responder over HTTP', () => {
  let services: Services;
  let customerId: number;
  let responder: RunningRole & { port: number; httpsPort: number | null };
  useTestShop(databaseKinds[0]!, (shop) => ({ services } = shop), { demoAccounts: true });

  beforeAll(async () => {
    customerId = await customerIdOf(services.db, 'klant@demo.kavel.nl');
    responder = await startForwarder(services, { host: '127.0.0.1', port: 0, httpsPort: 0 });
  });
  afterAll(() => responder.stop());

  const forward = async (change: Record<string, unknown>) => {
    const answer = await services.forwards.save(customerId, { domainName: WEBSHOP, forwardOption: 'HTTP', forwardTo: 'https://goudenkorst.nl/winkel', ...change });
    expect(answer.ok).toBe(true);
  };

  it('answers 301 to the target, with or without the path and query, by Host in any case, with port and www.', async () => {
    await forward({ redirectStatus: 301, keepPath: false });
    let answer = await ask(responder.port, WEBSHOP, '/taart?x=1');
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('https://goudenkorst.nl/winkel');
    expectNotFramable(answer, 'the redirect');
    for (const host of ['GoudenKorst-Webshop.COM:8088', 'www.goudenkorst-webshop.com', 'goudenkorst-webshop.com.']) {
      expect((await ask(responder.port, host, '/taart')).headers.location, host).toBe('https://goudenkorst.nl/winkel');
    }

    await forward({ redirectStatus: 301, keepPath: true });
    answer = await ask(responder.port, WEBSHOP, '/taart?x=1');
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('https://goudenkorst.nl/winkel/taart?x=1');
    expect((await ask(responder.port, WEBSHOP, '/')).headers.location).toBe('https://goudenkorst.nl/winkel');
    // The request's path never becomes the host.
    expect((await ask(responder.port, WEBSHOP, '//evil.example/x')).headers.location).toBe('https://goudenkorst.nl/winkel//evil.example/x');
  });

  it('refuses a Host that is no host name, and a request with two, with 400 and no redirect', async () => {
    await forward({ redirectStatus: 301, keepPath: false });
    expect((await askRaw(responder.port, `GET / HTTP/1.1\r\nHost: ${WEBSHOP}\r\n`)).status).toBe(301);
    const malformed = [`${WEBSHOP}\\evil.nl`, `${WEBSHOP}/x`, 'goudenkorst-webshop%2ecom', `evil.nl@${WEBSHOP}`, `${WEBSHOP}?x`, `${WEBSHOP}#x`, `${WEBSHOP} x`, `${WEBSHOP}:80x`, `${WEBSHOP}:`, 'goudenkorst_webshop.com', `-${WEBSHOP}`, `goudenkorst-webshop..com`, `${'a'.repeat(64)}.com`, `${'abcdefghi.'.repeat(26)}com`, 'b\xc3\xa4ckerei.de', ''];
    for (const host of malformed) {
      for (const path of ['/taart', '/.well-known/acme-challenge/tok-EN_1']) {
        const answer = await askRaw(responder.port, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\n`);
        expect(answer.status, `${host} ${path}`).toBe(400);
        expect(answer.headers.location, host).toBeUndefined();
        expect(answer.body, host).toContain('Bad Request');
        expect(answer.body, host).not.toContain('goudenkorst');
      }
    }
    for (const hosts of [[WEBSHOP, WEBSHOP], [WEBSHOP, 'evil.nl'], ['evil.nl', WEBSHOP]]) {
      const answer = await askRaw(responder.port, `GET /taart HTTP/1.1\r\n${hosts.map((host) => `Host: ${host}\r\n`).join('')}`);
      expect(answer.status, hosts.join(' ')).toBe(400);
      expect(answer.headers.location).toBeUndefined();
    }
    const doubled = await askRaw(responder.port, `GET /taart HTTP/1.1\r\nhost: ${WEBSHOP}\r\nHOST: ${WEBSHOP}\r\n`);
    expect(doubled.status).toBe(400);
    expectNotFramable(doubled, 'the refusal');
  });

  it('answers 302 when chosen, with or without the path', async () => {
    await forward({ redirectStatus: 302, keepPath: false });
    let answer = await ask(responder.port, WEBSHOP, '/taart?x=1');
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('https://goudenkorst.nl/winkel');
    await forward({ forwardTo: 'https://goudenkorst.nl/winkel?bron=webshop', redirectStatus: 302, keepPath: true });
    expect((await ask(responder.port, WEBSHOP, '/taart', 'HEAD')).status).toBe(302);
    answer = await ask(responder.port, WEBSHOP, '/taart?x=1', 'POST');
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('https://goudenkorst.nl/winkel/taart?bron=webshop&x=1');
  });

  it('serves the frame page: the escaped title, noindex, a full-viewport frame and a policy that frames only the target', async () => {
    await forward({ forwardOption: 'IFRAME', forwardTo: 'https://goudenkorst.nl/winkel', frameTitle: 'De "Gouden" Korst <winkel>' });
    const answer = await ask(responder.port, `www.${WEBSHOP}`, '/taart');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain('<title>De &quot;Gouden&quot; Korst &lt;winkel&gt;</title>');
    expect(answer.body).toContain('<meta name="robots" content="noindex">');
    expect(answer.body).toContain('<iframe src="https://goudenkorst.nl/winkel"');
    expect(answer.body).toContain('width:100vw;height:100vh');
    expect(answer.body).not.toContain('<script');
    const policy = String(answer.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain('frame-src https://goudenkorst.nl;');
    expect(answer.headers['x-robots-tag']).toBe('noindex');
    // The page frames the target; nobody frames the page.
    expectNotFramable(answer, 'the frame page');
  });

  it('answers an unknown host, an address and a DNS forward with the parked page (404)', async () => {
    for (const host of ['onbekend.nl', '127.0.0.1', 'goudenkorst.nl']) {
      const answer = await ask(responder.port, host, '/taart');
      expect(answer.status, host).toBe(404);
      expect(answer.body).toContain('Deze domeinnaam is geparkeerd bij deze webwinkel.');
      expect(answer.body).toContain('<meta name="robots" content="noindex">');
    }
    expect((await ask(responder.port, 'onbekend.nl')).body).toContain('<h1>onbekend.nl</h1>');
    expectNotFramable(await ask(responder.port, 'onbekend.nl'), 'the parked page');
    // An address literal is a host too, though no forward's: parked.
    expect((await ask(responder.port, '[2001:db8::1]:8088')).status).toBe(404);
    await forward({ forwardOption: 'DNS', forwardTo: '198.51.100.7' });
    expect((await ask(responder.port, WEBSHOP)).status).toBe(404);
    await forward({ forwardOption: 'NONE', forwardTo: '' });
    expect((await ask(responder.port, WEBSHOP)).status).toBe(404);
  });

  it('serves from its cache until a change invalidates it, and sees the change then', async () => {
    await forward({ forwardTo: 'https://goudenkorst.nl/oud', redirectStatus: 301, keepPath: false });
    expect((await ask(responder.port, WEBSHOP)).headers.location).toBe('https://goudenkorst.nl/oud');
    // Written behind the service's back: no event, so the responder still answers from its cache.
    const [domain] = await services.db.select({ id: domains.id }).from(domains).where(eq(domains.name, WEBSHOP));
    await services.db.update(domainRedirects).set({ forwardTo: 'https://goudenkorst.nl/stil' }).where(eq(domainRedirects.domainId, domain!.id));
    expect((await ask(responder.port, WEBSHOP)).headers.location).toBe('https://goudenkorst.nl/oud');
    await services.adapters.cacheEvents.publish(forwardCacheKeys(WEBSHOP));
    expect((await ask(responder.port, WEBSHOP)).headers.location).toBe('https://goudenkorst.nl/stil');
    // A change through the service invalidates the cache itself, for www. too.
    expect((await ask(responder.port, `www.${WEBSHOP}`)).headers.location).toBe('https://goudenkorst.nl/stil');
    await forward({ forwardTo: 'https://goudenkorst.nl/nieuw' });
    expect((await ask(responder.port, WEBSHOP)).headers.location).toBe('https://goudenkorst.nl/nieuw');
    expect((await ask(responder.port, `www.${WEBSHOP}`)).headers.location).toBe('https://goudenkorst.nl/nieuw');
  });

  it('answers an ACME HTTP-01 challenge of an order in progress for its own host only, and has no HTTPS without a certificate authority', async () => {
    await services.db.insert(acmeChallenges).values({ host: WEBSHOP, token: 'tok-EN_1', keyAuthorization: 'tok-EN_1.thumbprint' });
    const answer = await ask(responder.port, WEBSHOP, '/.well-known/acme-challenge/tok-EN_1');
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('tok-EN_1.thumbprint');
    for (const [host, token] of [['goudenkorst.nl', 'tok-EN_1'], [WEBSHOP, 'onbekend'], ['127.0.0.1', 'tok-EN_1']] as const) {
      const refused = await ask(responder.port, host, `/.well-known/acme-challenge/${token}`);
      expect(refused.status, `${host} ${token}`).toBe(404);
      expect(refused.body).toBe('Not found');
    }
    await services.db.delete(acmeChallenges);
    expect(responder.httpsPort).toBeNull();
  });
});
