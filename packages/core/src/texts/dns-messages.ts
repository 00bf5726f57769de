import type { Locale } from '../money.ts';

/** Server messages of the DNS feature (merged into `messages.ts`); spec 001 section 8's quoted text verbatim. */
export const dnsMessages = {
  dnsNotManageable: {
    nl: 'DNS-records kunnen op dit moment niet beheerd worden. Neem contact op met onze support.',
    en: 'DNS Records cannot be managed at this time. Please contact our support.',
  },
  dnsReadOnly: {
    nl: 'Je kunt de DNS-records van dit domein bekijken, maar niet wijzigen.',
    en: 'You can view the DNS records of this domain, but not change them.',
  },
  dnsNotActive: {
    nl: 'Dit domein gebruikt onze naamservers nog niet. Verhuis eerst de DNS naar ons.',
    en: 'This domain does not use our name servers yet. Move its DNS to us first.',
  },
  dnsScanFailed: {
    nl: 'De huidige DNS-records van dit domein konden niet gelezen worden. Probeer het later opnieuw.',
    en: 'The current DNS records of this domain could not be read. Please try again later.',
  },
  dnsRegistryFailed: {
    nl: 'De naamservers konden niet bij de registry gewijzigd worden; er is niets veranderd. Probeer het later opnieuw.',
    en: 'The name servers could not be changed at the registry; nothing was changed. Please try again later.',
  },
  dnsUndoNotLatest: {
    nl: 'Deze wijziging is niet meer de laatste. Vernieuw de pagina en probeer het opnieuw.',
    en: 'This change is no longer the latest one. Refresh the page and try again.',
  },
  dnsPrivacyNotSupported: {
    nl: 'Privacybescherming is voor deze extensie niet mogelijk.',
    en: 'Privacy protection is not available for this extension.',
  },
  dnsZoneFileInvalid: {
    nl: 'Het zonebestand is niet ingelezen; er is niets gewijzigd.',
    en: 'The zone file was not imported; nothing was changed.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
