import { describe, expect, it } from 'vitest';
import { hasTwoHosts, hostCandidates, requestHost, serverNameDomain } from './forward-host.ts';

describe('the Host header of a forwarded request', () => {
  it('names a domain in lower case, without its port and trailing dot', () => {
    expect(requestHost('GoudenKorst-Webshop.COM')).toEqual({ ok: true, domain: 'goudenkorst-webshop.com' });
    expect(requestHost('goudenkorst-webshop.com:8088')).toEqual({ ok: true, domain: 'goudenkorst-webshop.com' });
    expect(requestHost('goudenkorst-webshop.com.')).toEqual({ ok: true, domain: 'goudenkorst-webshop.com' });
    expect(requestHost('xn--bckerei-mller-bfb28a.de:80')).toEqual({ ok: true, domain: 'xn--bckerei-mller-bfb28a.de' });
  });

  it('names no domain for an address or a single label, which are hosts all the same', () => {
    for (const header of ['203.0.113.80', '203.0.113.80:8088', '[2001:db8::1]', '[2001:db8::1]:80', 'localhost']) {
      expect(requestHost(header), header).toEqual({ ok: true, domain: null });
    }
  });

  it('is refused when missing or no host: never cut off or decoded into one', () => {
    const headers = [undefined, '', ':80', 'a.nl:port', 'a.nl:', 'a.nl:123456', 'a b.nl', 'a_b.nl', 'alpha.nl\\evil.nl', 'alpha.nl/x', 'alpha%2enl', 'evil.nl@alpha.nl', 'alpha.nl?x', 'alpha.nl#x', 'Bäckerei-Müller.de', '[2001:db8::zz]', '[alpha.nl]', 'alpha.nl]', '2001:db8::1'];
    for (const header of headers) expect(requestHost(header), String(header)).toEqual({ ok: false });
  });

  it('is one: a request with two is seen, in any case', () => {
    expect(hasTwoHosts(['Host', 'a.nl', 'Accept', '*/*'])).toBe(false);
    expect(hasTwoHosts(['Host', 'a.nl', 'Accept', '*/*', 'HOST', 'a.nl'])).toBe(true);
  });

  it("is answered by the domain's forward for www. too", () => {
    expect(hostCandidates('www.goudenkorst-webshop.com')).toEqual(['www.goudenkorst-webshop.com', 'goudenkorst-webshop.com']);
    expect(hostCandidates('goudenkorst-webshop.com')).toEqual(['goudenkorst-webshop.com']);
    expect(hostCandidates('www.nl')).toEqual(['www.nl']);
  });
});

describe('the server name of a TLS handshake', () => {
  it('names a domain only when it is a host name, without port', () => {
    expect(serverNameDomain('WWW.Goudenkorst-Webshop.com')).toBe('www.goudenkorst-webshop.com');
    for (const name of ['goudenkorst-webshop.com\\evil.example.com', 'goudenkorst-webshop.com:443', 'goudenkorst-webshop%2ecom', '203.0.113.80', 'localhost', '']) {
      expect(serverNameDomain(name), name).toBeNull();
    }
  });
});
