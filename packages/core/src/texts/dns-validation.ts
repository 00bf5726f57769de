import type { Locale } from '../money.ts';

/**
 * Field messages of DNS records (spec 001 section 5). The hints of that section are used
 * verbatim where a message says the same thing.
 */
export const dnsValidation = {
  dnsType: { nl: 'Kies een type: A, AAAA, CNAME, MX, TXT of SRV.', en: 'Choose a type: A, AAAA, CNAME, MX, TXT or SRV.' },
  dnsName: {
    nl: 'Vul een geldige naam in: letters, cijfers, koppeltekens en punten, @ voor het domein zelf. De wildcardnaam is *.',
    en: 'Enter a valid name: letters, digits, hyphens and dots, @ for the domain itself. The wildcard name is *.',
  },
  dnsNameOutsideZone: {
    nl: 'Deze naam hoort niet bij dit domein. Laat de domeinnaam weg of eindig met de domeinnaam en een punt.',
    en: 'This name does not belong to this domain. Leave out the domain name, or end with the domain name and a dot.',
  },
  dnsIpv4: {
    nl: 'Een IPv4-adres is vier getallen van 0 tot 255, gescheiden door punten, bijvoorbeeld 203.0.113.10.',
    en: 'An IPv4 address is four numbers from 0 to 255, separated by dots, for example 203.0.113.10.',
  },
  dnsIpv6: {
    nl: 'Een IPv6-adres is acht groepen van hoogstens vier tekens 0-9 en a-f, gescheiden door dubbele punten; :: staat voor een reeks nullen. Bijvoorbeeld 2001:db8::10.',
    en: 'An IPv6 address is eight groups of at most four characters 0-9 and a-f, separated by colons; :: stands for a run of zeros. For example 2001:db8::10.',
  },
  dnsIpv6Ipv4: {
    nl: 'Dit is een IPv4-adres in IPv6-vorm (zoals ::ffff:192.0.2.1). Zet het IPv4-adres in een A-record.',
    en: 'This is an IPv4 address in IPv6 form (such as ::ffff:192.0.2.1). Put the IPv4 address in an A record.',
  },
  dnsTarget: {
    nl: 'Vul een geldige hostnaam in, bijvoorbeeld mail (aangevuld met de domeinnaam) of mail.example.nl (een volledige naam).',
    en: 'Enter a valid host name, for example mail (completed with the domain name) or mail.example.nl (a full name).',
  },
  dnsNameRequired: { nl: 'Vul een naam in, of @ voor het domein zelf.', en: 'Enter a name, or @ for the domain itself.' },
  dnsHostTarget: {
    nl: 'Een MX- of SRV-record wijst naar een hostnaam: letters, cijfers, koppeltekens en punten, zonder liggend streepje (_).',
    en: 'An MX or SRV record points to a host name: letters, digits, hyphens and dots, without an underscore (_).',
  },
  dnsNameTooLong: {
    nl: 'Deze naam is met de domeinnaam erbij langer dan 253 tekens. Kies een kortere naam.',
    en: 'With the domain name added, this name is longer than 253 characters. Choose a shorter name.',
  },
  dnsMxPriority: {
    nl: 'Kies een prioriteit: 0, 1, 5, 10, 15, 20, 30, 40, 50, 60, 70, 80, 90 of 100.',
    en: 'Choose a priority: 0, 1, 5, 10, 15, 20, 30, 40, 50, 60, 70, 80, 90 or 100.',
  },
  dnsMxTargetCname: {
    nl: 'MX moet naar een A/AAAA-host wijzen, niet naar een CNAME.',
    en: 'MX must point to an A/AAAA host, not a CNAME',
  },
  dnsSrvTargetCname: {
    nl: 'SRV moet naar een A/AAAA-host wijzen, niet naar een CNAME.',
    en: 'SRV must point to an A/AAAA host, not a CNAME.',
  },
  dnsSrvName: {
    nl: 'Een SRV-naam is _service._protocol, bijvoorbeeld _sip._tcp.',
    en: 'An SRV name is _service._protocol, for example _sip._tcp.',
  },
  dnsSrvValue: {
    nl: 'SRV-waarden gebruiken gewicht, prioriteit, poort en doel: bijvoorbeeld 10 5060 sip.example.nl. met de prioriteit apart, of 10 10 5060 sip.example.nl. (prioriteit gewicht poort doel), getallen van 0 tot 65535.',
    en: 'SRV values use weight, priority, port and target: for example 10 5060 sip.example.nl. with the priority apart, or 10 10 5060 sip.example.nl. (priority weight port target), numbers from 0 to 65535.',
  },
  dnsCnameApex: {
    nl: 'Het domein zelf (@) kan geen CNAME hebben. Gebruik een A- of AAAA-record.',
    en: 'The domain itself (@) cannot have a CNAME. Use an A or AAAA record.',
  },
  dnsCnameConflict: {
    nl: 'Een naam met een CNAME kan geen andere records hebben, ook geen tweede CNAME.',
    en: 'A name with a CNAME cannot have other records, not even a second CNAME.',
  },
  dnsPriority: { nl: 'Een prioriteit is een getal van 0 tot 65535.', en: 'A priority is a number from 0 to 65535.' },
  dnsTtl: { nl: 'Kies een TTL van 60 tot 604800 seconden.', en: 'Choose a TTL from 60 to 604800 seconds.' },
  dnsTtlMismatch: {
    nl: 'Records met dezelfde naam en hetzelfde type delen één TTL. Gebruik de TTL van de andere records.',
    en: 'Records with the same name and type share one TTL. Use the TTL of the other records.',
  },
  dnsDuplicate: { nl: 'Dit record bestaat al.', en: 'This record exists already.' },
  /** A DNS profile's name: 'must be non-empty to save' (spec 001 section 5). */
  dnsProfileName: { nl: 'Vul een naam in.', en: 'Enter a name.' },
  dnsZoneRecordLimit: { nl: 'Een zone kan hoogstens {limit} records hebben.', en: 'A zone can hold at most {limit} records.' },
  zoneLine: { nl: 'Regel {line}: {message}', en: 'Line {line}: {message}' },
  zoneQuote: { nl: 'Er ontbreekt een afsluitend aanhalingsteken (").', en: 'A closing quote (") is missing.' },
  zoneParentheses: { nl: 'De haakjes ( en ) sluiten niet op elkaar aan.', en: 'The parentheses ( and ) do not match.' },
  zoneDirective: {
    nl: 'Alleen $ORIGIN en $TTL worden gelezen, elk met één waarde.',
    en: 'Only $ORIGIN and $TTL are read, each with one value.',
  },
  zoneOwner: { nl: 'Deze regel heeft geen naam en er staat geen eerdere naam boven.', en: 'This line has no name and there is no earlier name above it.' },
  zoneClass: { nl: 'Alleen de klasse IN wordt gelezen.', en: 'Only the class IN is read.' },
  zoneType: { nl: 'Onbekend recordtype {type}.', en: 'Unknown record type {type}.' },
  zoneData: { nl: 'De gegevens van dit {type}-record zijn niet te lezen.', en: 'The data of this {type} record cannot be read.' },
  zoneSkippedManaged: {
    nl: '{type} wordt niet overgenomen; dit record stellen wij zelf in.',
    en: '{type} is not taken over; we set this record ourselves.',
  },
  zoneSkippedUnsupported: {
    nl: '{type}-records kunnen hier niet beheerd worden en zijn niet overgenomen.',
    en: '{type} records cannot be managed here and were not taken over.',
  },
  zoneTtlLowered: {
    nl: 'De records {name} {type} hadden verschillende TTL\'s; ze delen nu de laagste, {ttl} seconden.',
    en: 'The records {name} {type} had different TTLs; they now share the lowest, {ttl} seconds.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
