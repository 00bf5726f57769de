import type { Locale } from '../money.ts';

/**
 * Problem details (RFC 9457) of every refusal: `title` is the status in words (the same for
 * every refusal of that status, in the caller's language), `code` the refusal's stable,
 * machine-readable name, and `type` the address of that code's description.
 */
export const PROBLEM_TITLES: Record<number, Record<Locale, string>> = {
  400: { nl: 'Ongeldig verzoek', en: 'Bad request' },
  401: { nl: 'Niet aangemeld', en: 'Unauthorized' },
  403: { nl: 'Niet toegestaan', en: 'Forbidden' },
  404: { nl: 'Niet gevonden', en: 'Not found' },
  405: { nl: 'Methode niet toegestaan', en: 'Method not allowed' },
  409: { nl: 'Conflict', en: 'Conflict' },
  410: { nl: 'Verlopen', en: 'Gone' },
  413: { nl: 'Verzoek te groot', en: 'Request too large' },
  414: { nl: 'Adres te lang', en: 'URI too long' },
  415: { nl: 'Soort inhoud niet ondersteund', en: 'Unsupported media type' },
  422: { nl: 'Niet te verwerken', en: 'Unprocessable content' },
  429: { nl: 'Te veel verzoeken', en: 'Too many requests' },
  500: { nl: 'Interne fout', en: 'Internal error' },
  502: { nl: 'Fout bij een andere dienst', en: 'Bad gateway' },
  503: { nl: 'Tijdelijk niet beschikbaar', en: 'Service unavailable' },
};

/** The title of a status; a status without its own falls back to its class. */
export function problemTitle(locale: Locale, status: number): string {
  return (PROBLEM_TITLES[status] ?? PROBLEM_TITLES[status >= 500 ? 500 : 400])![locale];
}

/** Message keys whose code reads better under another name (the rest: `domainUnavailable` -> `domain_unavailable`). */
const CODE_NAMES: Record<string, string> = {
  validation: 'invalid_request',
  internal: 'internal_error',
  invalidJson: 'invalid_json',
  mediaType: 'unsupported_media_type',
};

/** The stable code of a message or validation key: snake case, the names above excepted. */
export function problemCodeOf(key: string): string {
  return CODE_NAMES[key] ?? key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`).replace(/[^a-z0-9_]/g, '_');
}

/** The code of a refusal that has no key of its own, by status. */
export function statusProblemCode(status: number): string {
  const codes: Record<number, string> = {
    400: 'invalid_request',
    401: 'unauthorized',
    403: 'forbidden',
    404: 'not_found',
    405: 'method_not_allowed',
    409: 'conflict',
    410: 'gone',
    413: 'body_too_large',
    414: 'uri_too_long',
    415: 'unsupported_media_type',
    429: 'rate_limited',
    503: 'unavailable',
  };
  return codes[status] ?? (status >= 500 ? 'internal_error' : 'invalid_request');
}

/** The codes a route gives a 400 for its input (a contract's `problemCode`), with what they mean. */
export const INPUT_PROBLEMS = {
  invalid_record: {
    nl: 'Het DNS-record is niet geldig; de velden met een fout staan in `errors`, elk met een eigen code.',
    en: 'The DNS record is not valid; the fields at fault are in `errors`, each with its own code.',
  },
  invalid_order: {
    nl: 'De bestelling is niet geldig; de velden met een fout staan in `errors`, elk met een eigen code.',
    en: 'The order is not valid; the fields at fault are in `errors`, each with its own code.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

/** Where a code is described: `GET /api/problems/{code}` (relative, as RFC 9457 allows). */
export const PROBLEM_TYPE_PREFIX = '/api/problems/';
export const problemTypeOf = (code: string) => `${PROBLEM_TYPE_PREFIX}${code}`;

/**
 * Every code a refusal can carry, with what it means in `locale`: the message and validation
 * keys (their text, placeholders as `{name}`), then the codes by status that no key has (their title).
 */
export function problemCatalogue(
  locale: Locale,
  keyed: Record<string, Record<Locale, string>>,
): Map<string, string> {
  const catalogue = new Map<string, string>(Object.entries(INPUT_PROBLEMS).map(([code, text]) => [code, text[locale]]));
  for (const [key, text] of Object.entries(keyed)) if (!catalogue.has(problemCodeOf(key))) catalogue.set(problemCodeOf(key), text[locale]);
  for (const [status, title] of Object.entries(PROBLEM_TITLES)) if (!catalogue.has(statusProblemCode(Number(status)))) catalogue.set(statusProblemCode(Number(status)), title[locale]);
  return catalogue;
}
