import { dnsPageTexts, fillText, message, validationMessage, type DnsPageTextKey } from '@kavel/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { failureNotice } from './dns-failure.ts';

const dutch = (key: DnsPageTextKey, params?: Record<string, string | number>) => fillText(dnsPageTexts.nl[key], params);
const english = (key: DnsPageTextKey, params?: Record<string, string | number>) => fillText(dnsPageTexts.en[key], params);

describe("the DNS pages' 'Error!' modal for a 400", () => {
  it("keeps the server's summary and names each refused field beside its rule", () => {
    const rule = validationMessage('nl', 'dnsIpv4');
    const refused = new ApiError(400, { message: message('nl', 'validation'), fieldErrors: { value: rule, ttl: validationMessage('nl', 'dnsTtl') } });
    expect(failureNotice(refused, dutch)).toEqual({
      kind: 'error',
      text: 'Controleer de ingevulde gegevens.',
      fields: [
        { label: 'Waarde', text: 'Een IPv4-adres is vier getallen van 0 tot 255, gescheiden door punten, bijvoorbeeld 203.0.113.10.' },
        { label: 'TTL (seconden)', text: 'Kies een TTL van 60 tot 604800 seconden.' },
      ],
    });
  });

  it("says a zone rule once, under its field's name, in the page language", () => {
    const rule = validationMessage('en', 'dnsCnameConflict');
    expect(failureNotice(new ApiError(400, { message: rule, fieldErrors: { name: rule } }), english)).toEqual({ kind: 'error', text: '', fields: [{ label: 'Name', text: rule }] });
  });

  it("names a record's field inside a list (saving the records as a profile), and leaves other fields and refusals as they are", () => {
    const notice = failureNotice(new ApiError(400, { message: 'Controleer de ingevulde gegevens.', fieldErrors: { 'dnsList.2.priority': 'Een prioriteit is een getal van 0 tot 65535.', zoneFile: 'Regel 3: …' } }), dutch);
    expect(notice).toMatchObject({ fields: [{ label: 'Prioriteit' }, { label: null, text: 'Regel 3: …' }] });
    expect(failureNotice(new ApiError(409, { message: 'Dit domein gebruikt onze naamservers nog niet.' }), dutch)).toEqual({ kind: 'error', text: 'Dit domein gebruikt onze naamservers nog niet.' });
  });
});
