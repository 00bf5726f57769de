import { z } from 'zod';

/**
 * Building blocks for every wire schema that takes input: text that the database can hold and
 * that carries no control characters, and ids within the database's integer range. Messages
 * are keys of `texts/validation.ts`.
 */

/** The largest value of a PostgreSQL `integer` (and `serial`) column. */
export const MAX_DB_INTEGER = 2_147_483_647;

/* eslint-disable no-control-regex -- these patterns exist to find control characters */
/** No C0 control character and no DEL: a one-line field. */
export const SINGLE_LINE_TEXT = /^[^\u0000-\u001f\u007f]*$/;
/** Tab, line feed and carriage return allowed (stack traces, messages); NUL and the rest never. */
export const MULTI_LINE_TEXT = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
/* eslint-enable no-control-regex */

export interface SafeStringOptions {
  /** Allow tab, line feed and carriage return. */
  multiline?: boolean;
  /** Message when the value is missing or not a string; default 'required'. */
  error?: string;
}

/**
 * A trimmed string without control characters (PostgreSQL text cannot hold NUL at all); chain
 * `.min()` and `.max()` on it as on `z.string()`. Trimmed first, so a value pasted with a
 * trailing line break is taken, and a control character inside it is refused.
 */
export function safeString(options: SafeStringOptions = {}) {
  return z.string({ error: options.error ?? 'required' }).trim().regex(options.multiline ? MULTI_LINE_TEXT : SINGLE_LINE_TEXT, { error: 'controlCharacters' });
}

/** Trimmed safe text of at most `max` characters, which may be empty. */
export const safeText = (max: number, options: SafeStringOptions = {}) => safeString(options).trim().max(max, { error: 'tooLong' });

/** Trimmed safe text of 1 to `max` characters. */
export const requiredSafeText = (max: number, options: SafeStringOptions = {}) => safeText(max, options).min(1, { error: 'required' });

/** An integer that fits a database `integer` column, from `min` (default 0). */
export const dbInteger = (min = 0, error = 'number') => z.number({ error }).int({ error }).min(min, { error }).max(MAX_DB_INTEGER, { error });

/** A row id: 1 to 2147483647, sent as a JSON number. */
export const ZDbId = dbInteger(1, 'id');

/** Decimal digits only, without sign, spaces, exponent or hexadecimal. */
const DECIMAL = /^[0-9]{1,10}$/;

/** Form posts and query strings send numbers as text: decimal digits are read, anything else is refused. */
const decimalText = (value: unknown) => (typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value);

/**
 * A number field that a form post or a select element sends as text: a string of decimal digits
 * is read as its number, a JSON number stays one, and anything else (an array, an object, a sign,
 * an exponent) reaches `schema` unchanged and is refused there. Never `z.coerce.number`, which
 * reads `[["154"]]` as 154 and recurses through a nested array until the stack runs out.
 */
export const fromDecimalText = <T extends z.ZodType>(schema: T) => z.preprocess(decimalText, schema);

/** A row id from a form post: a number, or a string of decimal digits. */
export const ZFormDbId = fromDecimalText(ZDbId);

/** An integer from a form post or a JSON body that may send it as text, from `min`. */
export const formDbInteger = (min = 0, error = 'number') => fromDecimalText(dbInteger(min, error));

/** A row id in a path (`/api/account/whois/{id}`): decimal digits only, within the integer range. */
export const ZPathId = z.string().regex(DECIMAL, { error: 'id' }).transform(Number).pipe(ZDbId);

/** The params of a route with one id in its path; a refusal answers 404 (see the server's error handling). */
export const ZIdParams = z.object({ id: ZPathId });
