import { request } from 'node:http';
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
  });

  it('answers an unknown host, an address and a DNS forward with the parked page (404)', async () => {
    for (const host of ['onbekend.nl', '127.0.0.1', 'goudenkorst.nl']) {
      const answer = await ask(responder.port, host, '/taart');
      expect(answer.status, host).toBe(404);
      expect(answer.body).toContain('Deze domeinnaam is geparkeerd bij deze webwinkel.');
      expect(answer.body).toContain('<meta name="robots" content="noindex">');
    }
    expect((await ask(responder.port, 'onbekend.nl')).body).toContain('<h1>onbekend.nl</h1>');
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
