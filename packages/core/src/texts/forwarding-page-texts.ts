import type { Locale } from '../money.ts';

/**
 * Texts of the account area's domain forwarding page (spec 001 sections 2, 3, 5 and 9; the
 * forward types are the spec's names). Apart from the shared dictionary so that only the
 * page's own chunk carries them.
 */
const nl = {
  title: 'Domein doorsturen',
  link: 'Doorsturen',
  intro: 'Kies hoe {domain} wordt doorgestuurd.',
  type: 'Soort doorsturing',
  HTTP: 'HTTP',
  IFRAME: 'IFRAME',
  DNS: 'DNS',
  NONE: 'NONE',
  'HTTP.help': 'Bezoekers gaan met een redirect naar het doel.',
  'IFRAME.help': 'Bezoekers blijven op {domain} en zien het doel in een frame.',
  'DNS.help': 'Het A-record van {domain} wijst naar het IP-adres dat je invult.',
  'NONE.help': 'Geen doorsturing: de doorsturing en haar DNS-records worden verwijderd.',
  targetUrl: 'Doel-URL',
  targetIp: 'IP-adres',
  status: 'Soort redirect',
  status301: '301 (permanent)',
  status302: '302 (tijdelijk)',
  keepPath: 'Pad en zoekvraag meenemen (/pagina?x=1 gaat naar het doel met /pagina?x=1)',
  frameTitle: 'Titel van de pagina',
  save: 'Opslaan',
  saved: 'De doorsturing is opgeslagen.',
  current: 'Huidige doorsturing',
  none: 'Dit domein wordt niet doorgestuurd.',
  records: 'DNS-records van deze doorsturing',
  noRecords: 'Deze doorsturing heeft geen DNS-records.',
  dnsLink: 'Alle DNS-records van {domain}',
  readOnly: 'Je kunt de doorsturing van dit domein bekijken, maar niet wijzigen.',
  notActive: 'Dit domein gebruikt onze naamservers nog niet, dus de doorsturing werkt pas na het verhuizen van de DNS.',
  noDomain: 'Kies een domein in je domeinenlijst.',
  backToDomains: 'Naar je domeinen',
};

const en: Record<keyof typeof nl, string> = {
  title: 'Forward domain',
  link: 'Forwarding',
  intro: 'Choose how {domain} is forwarded.',
  type: 'Kind of forward',
  HTTP: 'HTTP',
  IFRAME: 'IFRAME',
  DNS: 'DNS',
  NONE: 'NONE',
  'HTTP.help': 'Visitors are redirected to the target.',
  'IFRAME.help': 'Visitors stay on {domain} and see the target in a frame.',
  'DNS.help': "The A record of {domain} points at the IP address you enter.",
  'NONE.help': 'No forward: the forward and its DNS records are removed.',
  targetUrl: 'Target URL',
  targetIp: 'IP address',
  status: 'Kind of redirect',
  status301: '301 (permanent)',
  status302: '302 (temporary)',
  keepPath: 'Keep path and query (/page?x=1 goes to the target with /page?x=1)',
  frameTitle: 'Page title',
  save: 'Save',
  saved: 'The forward has been saved.',
  current: 'Current forward',
  none: 'This domain is not forwarded.',
  records: 'DNS records of this forward',
  noRecords: 'This forward has no DNS records.',
  dnsLink: 'All DNS records of {domain}',
  readOnly: 'You can see the forward of this domain, but not change it.',
  notActive: 'This domain does not use our name servers yet, so the forward works only once its DNS has moved.',
  noDomain: 'Choose a domain in your domain list.',
  backToDomains: 'To your domains',
};

export type ForwardingPageTextKey = keyof typeof nl;
export const forwardingPageTexts: Record<Locale, Record<ForwardingPageTextKey, string>> = { nl, en };
