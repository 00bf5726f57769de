import type * as zc from 'zod/v4/core';
import type { Locale } from '../money.ts';
import { dnsValidation } from './dns-validation.ts';
import { DOMAIN_IDN_TEXT } from './domain-name-texts.ts';

/** Field messages; zod schemas in `schemas/` use these keys as their error messages. */
export const validation = {
  required: { nl: 'Dit veld is verplicht.', en: 'This field is required.' },
  tooLong: { nl: 'Dit is te lang.', en: 'This is too long.' },
  controlCharacters: { nl: 'Dit bevat tekens die niet zijn toegestaan.', en: 'This contains characters that are not allowed.' },
  id: { nl: 'Dit is geen geldige keuze.', en: 'This is not a valid choice.' },
  number: { nl: 'Vul een geldig getal in.', en: 'Enter a valid number.' },
  noBody: { nl: 'Dit verzoek heeft geen inhoud; stuur het zonder.', en: 'This request takes no body; send it without one.' },
  email: { nl: 'Vul een geldig e-mailadres in.', en: 'Enter a valid e-mail address.' },
  passwordLength: { nl: 'Tussen 14 en 40 tekens', en: 'Between 14 and 40 characters' },
  passwordGuessable: {
    nl: 'Moeilijk te raden: geen bekend wachtwoord, woord, naam of patroon',
    en: 'Hard to guess: no common password, word, name or pattern',
  },
  date: { nl: 'Vul een datum in als jjjj-mm-dd.', en: 'Enter a date as yyyy-mm-dd.' },
  dateInFuture: { nl: 'Deze datum ligt in de toekomst.', en: 'This date is in the future.' },
  houseNumber: { nl: 'Vul een huisnummer in (alleen cijfers).', en: 'Enter a house number (digits only).' },
  phone: { nl: 'Vul een geldig telefoonnummer in.', en: 'Enter a valid phone number.' },
  postcode: { nl: 'Vul een geldige postcode in, bijvoorbeeld 1234 AB.', en: 'Enter a valid postcode, for example 1234 AB.' },
  addressHouseNumber: { nl: 'Vul een huisnummer in, bijvoorbeeld 12 of 12a.', en: 'Enter a house number, for example 12 or 12a.' },
  domain: { nl: 'Vul een geldige domeinnaam in, bijvoorbeeld bakkerij.nl.', en: 'Enter a valid domain name, for example bakkerij.nl.' },
  /** A name in its `xn--` form (IDN): not sold until the shop registers IDN (the search field's words too). */
  domainIdn: DOMAIN_IDN_TEXT,
  country: { nl: 'Kies een land.', en: 'Choose a country.' },
  vat: { nl: 'Vul een geldig btw-nummer in, bijvoorbeeld NL123456789B01.', en: 'Enter a valid VAT number, for example NL123456789B01.' },
  redirectUrl: {
    nl: 'De ingevoerde URL is ongeldig. Voer een geldige URL voor het doorsturen.',
    en: 'The URL you entered is invalid. Enter a valid URL to redirect to.',
  },
  forwardOption: { nl: 'Kies een type: HTTP, IFRAME, DNS of NONE.', en: 'Choose a type: HTTP, IFRAME, DNS or NONE.' },
  forwardIp: {
    nl: 'Vul een geldig IP-adres in, bijvoorbeeld 203.0.113.10 of 2001:db8::10.',
    en: 'Enter a valid IP address, for example 203.0.113.10 or 2001:db8::10.',
  },
  redirectStatus: { nl: 'Kies 301 (permanent) of 302 (tijdelijk).', en: 'Choose 301 (permanent) or 302 (temporary).' },
  transferCode: {
    nl: 'Vul de verhuiscode (autorisatiecode) in die je van je huidige provider hebt gekregen.',
    en: 'Enter the transfer (authorisation) code you received from your current provider.',
  },
  transferCodeSpace: {
    nl: 'Een verhuiscode bevat geen spaties. Haal de spatie uit de code.',
    en: 'A transfer code contains no spaces. Remove the space from the code.',
  },
  transferCodeCharacter: {
    nl: 'Een verhuiscode bestaat alleen uit letters zonder accenten, cijfers en leestekens. Kopieer de code precies zoals je hem kreeg.',
    en: 'A transfer code consists only of letters without accents, digits and punctuation. Copy the code exactly as you received it.',
  },
  idempotencyKey: {
    nl: 'Stuur een Idempotency-Key van 8 tot 100 letters, cijfers of de tekens . _ : -.',
    en: 'Send an Idempotency-Key of 8 to 100 letters, digits or the characters . _ : -.',
  },
  pageLimit: { nl: 'Vraag 1 tot 100 bestellingen per pagina (limit).', en: 'Ask for 1 to 100 orders per page (limit).' },
  pageCursor: {
    nl: 'Deze cursor is niet geldig. Stuur de nextCursor van de vorige pagina, of laat hem weg voor de eerste.',
    en: 'This cursor is not valid. Send the nextCursor of the page before, or leave it out for the first page.',
  },
  transferCodeLength: { nl: 'Een verhuiscode is hoogstens 128 tekens lang.', en: 'A transfer code is at most 128 characters long.' },
  iban: { nl: 'Vul een geldig IBAN in, bijvoorbeeld NL91 ABNA 0417 1643 00.', en: 'Enter a valid IBAN, for example NL91 ABNA 0417 1643 00.' },
  mandateRequired: {
    nl: 'Geef toestemming voor de automatische incasso om zo te betalen.',
    en: 'Authorise the direct debit to pay this way.',
  },
  apiKeyScopes: { nl: 'Kies ten minste één recht.', en: 'Choose at least one permission.' },
  termsRequired: { nl: 'Ga akkoord met de algemene voorwaarden.', en: 'Please accept the general terms and conditions.' },
  // For what a schema did not name itself (see `issueKey`).
  body: { nl: 'Stuur de gegevens als een JSON-object.', en: 'Send the data as a JSON object.' },
  invalidValue: { nl: 'Deze waarde is niet geldig.', en: 'This value is not valid.' },
  tooShort: { nl: 'Dit is te kort.', en: 'This is too short.' },
  tooMany: { nl: 'Dit zijn er te veel.', en: 'There are too many of these.' },
  numberRange: { nl: 'Dit getal valt buiten het toegestane bereik.', en: 'This number is outside the allowed range.' },
  unknownField: { nl: 'Dit veld hoort niet bij dit verzoek.', en: 'This field does not belong in this request.' },
  ...dnsValidation,
} as const satisfies Record<string, Record<Locale, string>>;

export type ValidationKey = keyof typeof validation;

/** Translates a schema message key; any other message is returned as it is. */
export function validationMessage(locale: Locale, messageOrKey: string): string {
  return messageOrKey in validation ? validation[messageOrKey as ValidationKey][locale] : messageOrKey;
}

/**
 * The message key of a zod issue that its schema gave no message of its own: zod's error map for
 * parsing input (`safeParse(schema, data, { error: issueKey })`), so no library English reaches
 * a visitor. The body itself (an empty path) that is not an object asks for a JSON object.
 */
export function issueKey(issue: zc.$ZodRawIssue): ValidationKey {
  const sized = (issue as { origin?: string }).origin;
  switch (issue.code) {
    case 'invalid_type':
      if ((issue.path ?? []).length === 0) return 'body';
      if (issue.input === undefined) return 'required';
      return issue.expected === 'number' || issue.expected === 'int' || issue.expected === 'bigint' ? 'number' : 'invalidValue';
    case 'invalid_value':
      return 'id';
    case 'invalid_union':
      // A discriminated union names its options: the value chooses among them.
      return Array.isArray((issue as { options?: unknown }).options) ? 'id' : 'invalidValue';
    case 'too_big':
      return sized === 'string' ? 'tooLong' : sized === 'number' || sized === 'bigint' || sized === 'int' ? 'numberRange' : 'tooMany';
    case 'too_small':
      if (sized === 'number' || sized === 'bigint' || sized === 'int') return 'numberRange';
      return Number(issue.minimum) <= 1 ? 'required' : 'tooShort';
    case 'invalid_format':
      return issue.format === 'email' ? 'email' : 'invalidValue';
    case 'not_multiple_of':
      return 'number';
    case 'unrecognized_keys':
      return 'unknownField';
    default:
      return 'invalidValue';
  }
}
