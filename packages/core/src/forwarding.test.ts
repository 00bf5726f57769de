import { describe, expect, it } from 'vitest';
import { applyForward, forwardRecords, NO_FORWARD_IN_ZONE, zoneWithForward } from './forwarding.ts';
import { checkForwardTarget, FORWARD_OPTIONS, ZForwardForm, ZForwardRequest } from './schemas/forwarding.ts';
import { forwardingPageTexts } from './texts/forwarding-page-texts.ts';

const responder = { ipv4: '203.0.113.80', ipv6: '2001:db8::80' };

describe('the forward rule (spec 001 section 5)', () => {
  it('takes a URL of 3 to 255 characters for HTTP and IFRAME, adding https:// when the scheme is missing', () => {
    for (const option of ['HTTP', 'IFRAME'] as const) {
      expect(checkForwardTarget(option, 'https://goudenkorst.nl/winkel')).toEqual({ ok: true, target: 'https://goudenkorst.nl/winkel' });
      expect(checkForwardTarget(option, ' goudenkorst.nl ')).toEqual({ ok: true, target: 'https://goudenkorst.nl' });
      expect(checkForwardTarget(option, '')).toEqual({ ok: false, key: 'redirectUrl' });
      expect(checkForwardTarget(option, 'ab')).toEqual({ ok: false, key: 'redirectUrl' });
      expect(checkForwardTarget(option, `https://goudenkorst.nl/${'a'.repeat(240)}`)).toEqual({ ok: false, key: 'redirectUrl' });
      expect(checkForwardTarget(option, 'javascript:alert(1)')).toEqual({ ok: false, key: 'redirectUrl' });
      expect(checkForwardTarget(option, '203.0.113.10')).toEqual({ ok: false, key: 'redirectUrl' });
    }
  });

  it('takes an IPv4 or IPv6 address for DNS, IPv6 written canonically', () => {
    expect(checkForwardTarget('DNS', '203.0.113.10')).toEqual({ ok: true, target: '203.0.113.10' });
    expect(checkForwardTarget('DNS', '2001:DB8:0:0::10')).toEqual({ ok: true, target: '2001:db8::10' });
    expect(checkForwardTarget('DNS', 'https://goudenkorst.nl')).toEqual({ ok: false, key: 'forwardIp' });
    expect(checkForwardTarget('DNS', '256.1.1.1')).toEqual({ ok: false, key: 'forwardIp' });
    expect(checkForwardTarget('DNS', '')).toEqual({ ok: false, key: 'forwardIp' });
    expect(checkForwardTarget('DNS', '::ffff:203.0.113.10')).toEqual({ ok: false, key: 'dnsIpv6Ipv4' });
  });

  it('needs nothing for NONE and drops what was sent', () => {
    expect(checkForwardTarget('NONE', '')).toEqual({ ok: true, target: '' });
    expect(checkForwardTarget('NONE', 'whatever')).toEqual({ ok: true, target: '' });
  });

  it('reports the fault on forwardTo, and refuses an unknown type and status', () => {
    const form = ZForwardForm.safeParse({ _csrf: 'x', domainName: 'goudenkorst-webshop.com', forwardOption: 'DNS', forwardTo: 'nope' });
    expect(form.success).toBe(false);
    expect(form.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['forwardTo', 'forwardIp']]);
    expect(ZForwardForm.safeParse({ domainName: 'a.nl', forwardOption: 'FTP', forwardTo: '' }).error?.issues[0]?.message).toBe('forwardOption');
    expect(ZForwardRequest.safeParse({ domainName: 'a.nl', forwardOption: 'HTTP', forwardTo: 'a.nl', redirectStatus: 303 }).error?.issues[0]?.path).toEqual(['redirectStatus']);
    expect(ZForwardRequest.parse({ domainName: 'a.nl', forwardOption: 'HTTP', forwardTo: 'a.nl' })).toEqual({
      domainName: 'a.nl',
      forwardOption: 'HTTP',
      forwardTo: 'https://a.nl',
      redirectStatus: 301,
      keepPath: false,
      frameTitle: '',
    });
  });
});

describe("the forward types' names", () => {
  it('names each type for people in Dutch and English, and says what it does to the zone', () => {
    expect(FORWARD_OPTIONS.map((option) => forwardingPageTexts.nl[option])).toEqual(['Doorsturen naar een website', 'Website tonen in een frame', 'Naar een IP-adres', 'Niet doorsturen']);
    expect(FORWARD_OPTIONS.map((option) => forwardingPageTexts.en[option])).toEqual(['Forward to a website', 'Show the website in a frame', 'To an IP address', 'No forwarding']);
    for (const locale of ['nl', 'en'] as const) {
      for (const option of FORWARD_OPTIONS) expect(forwardingPageTexts[locale][`${option}.help`], `${locale} ${option}`).toMatch(/records|-records/);
    }
  });
});

describe('the records of a forward', () => {
  it('points the apex and www at the responder for HTTP and IFRAME, the apex at the address for DNS, nothing for NONE', () => {
    expect(forwardRecords('HTTP', 'https://a.nl', responder).map((r) => `${r.name} ${r.type} ${r.value}`)).toEqual([
      '@ A 203.0.113.80',
      '@ AAAA 2001:db8::80',
      'www A 203.0.113.80',
      'www AAAA 2001:db8::80',
    ]);
    expect(forwardRecords('IFRAME', 'https://a.nl', { ipv4: '203.0.113.80', ipv6: null }).map((r) => `${r.name} ${r.type}`)).toEqual(['@ A', 'www A']);
    expect(forwardRecords('DNS', '198.51.100.7', responder)).toEqual([{ name: '@', type: 'A', value: '198.51.100.7', ttl: 3600 }]);
    expect(forwardRecords('DNS', '2001:db8::7', responder)[0]?.type).toBe('AAAA');
    expect(forwardRecords('NONE', '', responder)).toEqual([]);
  });

  it('replaces the clashing records and the previous forward\'s, keeping the rest of the zone', () => {
    const rec = (name: string, type: 'A' | 'AAAA' | 'CNAME' | 'MX', value: string) => ({ name, type, value, priority: type === 'MX' ? 10 : null, ttl: 3600 });
    const zone = [rec('@', 'A', '203.0.113.10'), rec('@', 'AAAA', '2001:db8::10'), rec('www', 'CNAME', 'goudenkorst-webshop.com.'), rec('@', 'MX', 'mx1.kavel.nl.'), rec('mail', 'A', '203.0.113.20')];
    const http = forwardRecords('HTTP', 'https://a.nl', { ipv4: '203.0.113.80', ipv6: null });
    const forwarded = zoneWithForward(zone, [], http);
    expect(forwarded.map((r) => `${r.name} ${r.type} ${r.value}`)).toEqual(['@ MX mx1.kavel.nl.', 'mail A 203.0.113.20', '@ A 203.0.113.80', 'www A 203.0.113.80']);
    const dns = forwardRecords('DNS', '198.51.100.7', responder);
    expect(zoneWithForward(forwarded, http, dns).map((r) => `${r.name} ${r.type} ${r.value}`)).toEqual(['@ MX mx1.kavel.nl.', 'mail A 203.0.113.20', '@ A 198.51.100.7']);
    expect(zoneWithForward(zoneWithForward(forwarded, http, dns), dns, []).map((r) => `${r.name} ${r.type}`)).toEqual(['@ MX', 'mail A']);
  });

  const rec = (name: string, type: 'A' | 'AAAA' | 'CNAME' | 'MX' | 'TXT', value: string, ttl = 3600) => ({ name, type, value, priority: type === 'MX' ? 10 : null, ttl });
  const show = (records: ReadonlyArray<{ name: string; type: string; value: string }>) => records.map((r) => `${r.name} ${r.type} ${r.value}`);
  const own = [rec('@', 'A', '203.0.113.10', 600), rec('@', 'AAAA', '2001:db8::10'), rec('www', 'CNAME', 'goudenkorst-webshop.com.'), rec('@', 'MX', 'mx1.kavel.nl.')];
  const http = forwardRecords('HTTP', 'https://a.nl', { ipv4: '203.0.113.80', ipv6: null });

  it('keeps what a forward replaced, and puts it back when the forward is switched off', () => {
    const on = applyForward(own, NO_FORWARD_IN_ZONE, http);
    expect(show(on.replaced)).toEqual(['@ A 203.0.113.10', '@ AAAA 2001:db8::10', 'www CNAME goudenkorst-webshop.com.']);
    expect(on.replaced[0]?.ttl).toBe(600);
    const off = applyForward(on.records, { records: http, replaced: on.replaced }, []);
    expect(off.notRestored).toEqual([]);
    expect(off.replaced).toEqual([]);
    expect(show(off.records).sort()).toEqual(show(own).sort());
    expect(off.records.find((r) => r.type === 'A')?.ttl).toBe(600);
  });

  it('carries what was replaced from forward to forward, and switching to DNS puts www back', () => {
    const on = applyForward(own, NO_FORWARD_IN_ZONE, http);
    const iframe = applyForward(on.records, { records: http, replaced: on.replaced }, http);
    expect(iframe.replaced).toEqual(on.replaced);
    const dns = forwardRecords('DNS', '198.51.100.7', responder);
    const toDns = applyForward(iframe.records, { records: http, replaced: iframe.replaced }, dns);
    expect(show(toDns.records)).toEqual(['@ MX mx1.kavel.nl.', 'www CNAME goudenkorst-webshop.com.', '@ A 198.51.100.7']);
    expect(show(toDns.replaced)).toEqual(['@ A 203.0.113.10', '@ AAAA 2001:db8::10']);
    const off = applyForward(toDns.records, { records: dns, replaced: toDns.replaced }, []);
    expect(show(off.records).sort()).toEqual(show(own).sort());
  });

  it("leaves a name the customer changed since as it is, and answers what it did not put back", () => {
    const on = applyForward(own, NO_FORWARD_IN_ZONE, http);
    // The customer pointed www at a host of their own, and added a TXT at the apex.
    const changed = [...on.records.filter((r) => r.name !== 'www'), rec('www', 'A', '192.0.2.5'), rec('@', 'TXT', 'v=spf1 -all')];
    const off = applyForward(changed, { records: http, replaced: on.replaced }, []);
    expect(show(off.records).sort()).toEqual(['@ A 203.0.113.10', '@ AAAA 2001:db8::10', '@ MX mx1.kavel.nl.', '@ TXT v=spf1 -all', 'www A 192.0.2.5']);
    expect(show(off.notRestored)).toEqual(['www CNAME goudenkorst-webshop.com.']);
    // A CNAME does not come back beside other data at its name; a name the customer emptied gets its records back.
    const txt = applyForward([...on.records.filter((r) => r.name !== 'www'), rec('www', 'TXT', 'x')], { records: http, replaced: on.replaced }, []);
    expect(show(txt.notRestored)).toEqual(['www CNAME goudenkorst-webshop.com.']);
    const emptied = applyForward(on.records.filter((r) => r.name !== '@' || r.type !== 'A'), { records: http, replaced: on.replaced }, []);
    expect(show(emptied.records).sort()).toEqual(show(own).sort());
  });

  it("replaces, on a change of forward, the customer's own records at its names rather than the older ones", () => {
    const on = applyForward(own, NO_FORWARD_IN_ZONE, http);
    const changed = [...on.records.filter((r) => !(r.name === '@' && r.type === 'A')), rec('@', 'A', '192.0.2.9')];
    const next = applyForward(changed, { records: http, replaced: on.replaced }, http);
    expect(show(next.replaced)).toEqual(['@ A 192.0.2.9', 'www CNAME goudenkorst-webshop.com.']);
  });
});
