/**
 * Payloads for the input fuzz test: a plausible valid body derived from a route's zod schema,
 * and its hostile variants (control characters, Unicode white space, integers past the database
 * range, wrong types, nested arrays for numbers, missing fields, long and huge strings, arrays for
 * objects, bodies nested thousands of levels deep, invalid JSON, odd path ids).
 */

import { products } from './services.ts';

/** Values for fields whose shape a schema checks by pattern; anything else is derived from its type. */
const FIXTURES: Record<string, unknown> = {
  email: 'fuzz@example.nl',
  username: 'fuzz@example.nl',
  password: 'een-lang-genoeg-wachtwoord',
  phone: '+31 20 555 0101',
  phoneNumber: '+31 20 555 0101',
  houseNumber: '12',
  huisnummer: '12',
  streetNumber: '12',
  postcode: '1012 LG',
  postCode: '1012 LG',
  country: 'NL',
  countryId: 154,
  birthDate: '1985-04-12',
  gender: 'F',
  isCompany: true,
  companyName: 'Bakkerij Fuzz',
  company: 'Bakkerij Fuzz',
  vat: '',
  unique: '0b7c3f5e-2d7a-4c39-9a43-3f0d0b6c1a11',
  parentId: '0b7c3f5e-2d7a-4c39-9a43-3f0d0b6c1a11',
  domain: 'fuzz-voorbeeld.nl',
  domainName: 'fuzz-voorbeeld.nl',
  title: 'fuzz-voorbeeld.nl',
  'extensions[]': 'nl',
  extensions: 'nl',
  productId: products.nl.productId,
  productCode: products.nl.productCode,
  code: 'WELKOM10',
  token: 'fuzz-token-fuzz-token-fuzz',
  msg: 'TypeError: x is undefined',
  url: 'https://kavel.test/bestelprocedure',
  errorStackTrace: 'TypeError: x\n\tat f (app.js:1:2)',
  iban: 'NL91ABNA0417164300',
  accountHolder: 'A. de Boer',
  requestId: '5f1c7a52-8a4e-4d55-9d0e-0c1f2f6b7a10',
  extraServices: '[]',
  customWhois: [{ customWhoisId: 1, domain: 'fuzz-voorbeeld.nl' }],
  value: 'https://example.nl',
  'g-recaptcha-response': undefined,
  captcha: undefined,
  _csrf: undefined,
};

interface ZodLike {
  _zod: { def: Record<string, unknown> & { type: string } };
}
const isZod = (value: unknown): value is ZodLike => typeof value === 'object' && value !== null && '_zod' in value;

/** A plausible valid value for `schema` (the field's fixture when it has one). */
export function sampleFrom(schema: unknown, field = '', overrides: Record<string, unknown> = {}): unknown {
  if (field in overrides) return overrides[field];
  if (field in FIXTURES) return FIXTURES[field];
  if (!isZod(schema)) return undefined;
  const def = schema._zod.def;
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) {
        const value = sampleFrom(child, key, overrides);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case 'string':
      return def.format === 'uuid' ? FIXTURES.requestId : def.format === 'email' ? FIXTURES.email : 'fuzz';
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'array':
      return [sampleFrom(def.element, field, overrides)];
    case 'union': {
      const options = def.options as ZodLike[];
      return sampleFrom(options.find((o) => o._zod.def.type === 'array') ?? options[0], field, overrides);
    }
    case 'pipe': {
      const input = def.in as ZodLike;
      return sampleFrom(input._zod.def.type === 'transform' ? def.out : input, field, overrides);
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return sampleFrom(def.innerType, field, overrides);
    default:
      return {};
  }
}

/** Fields of particular routes whose general fixture does not fit (a domain's name only; a free install). */
export const ROUTE_FIXTURES: Record<string, Record<string, unknown>> = {
  'POST /api/bestelprocedure/addItem': { value: undefined, parentId: undefined, dnsProfileId: undefined, transferDnsLater: undefined },
  'POST /api/bestelprocedure/setGratisProduct': { productId: products.wordpress.productId, productCode: products.wordpress.productCode, title: undefined },
};

/** A deterministic PRNG (the simulated registry's mulberry32), so every run sends the same payloads. */
export { mulberry32 as seededRandom } from '../../src/ports/registry/simulated-registry.ts';

export interface BodyVariant {
  label: string;
  /** Raw request body. */
  body: string;
  contentType: string;
}

type Path = Array<string | number>;

/** Every path in `value` (objects and arrays included), depth first. */
function pathsOf(value: unknown, prefix: Path = []): Array<{ path: Path; value: unknown }> {
  const here = prefix.length ? [{ path: prefix, value }] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, index) => pathsOf(item, [...prefix, index]))];
  if (typeof value === 'object' && value !== null) return [...here, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...prefix, key]))];
  return here;
}

/** A copy of `root` with the value at `path` replaced, or removed when `replacement` is `REMOVE`. */
const REMOVE = Symbol('remove');
function withValue(root: unknown, path: Path, replacement: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (replacement === REMOVE) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = replacement;
  return copy;
}

export const BODY_LIMIT = 256 * 1024;
const BODY_LIMIT_FOR_TEXT = BODY_LIMIT - 6_000;

/** `inner` inside `depth` arrays, as JSON text (built as text: a value that deep overflows JSON.stringify). */
const nestedArrays = (depth: number, inner: string) => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
/** How deep the deepest bodies nest: the depth that overflowed the stack in zod and in JSON.stringify. */
const DEEP_NESTING = 20_000;

/** JSON text in which the marker strings stand for what JSON.stringify cannot write: numbers past doubles, and values nested thousands deep. */
const RAW_VALUES: Record<string, string> = { '"__1e309__"': '1e309', '"__-1e309__"': '-1e309', '"__deep__"': nestedArrays(DEEP_NESTING, '"1"') };
const json = (value: unknown) => Object.entries(RAW_VALUES).reduce((text, [marker, raw]) => text.split(marker).join(raw), JSON.stringify(value));

/**
 * White space JavaScript's `\s` matches besides space, tab, CR and LF: the characters that made a
 * word loop stand still. A pasted web page brings U+00A0; U+FEFF starts files.
 */
const UNICODE_WHITE_SPACE = ['\u000b', '\u000c', '\u0085', '\u00a0', '\u1680', '\u2000', '\u2003', '\u2007', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff'];
/** C0 controls (NUL, which PostgreSQL text cannot hold, twice as often), DEL and C1 controls. */
const CONTROL_CODES = [0, 0, 1, 7, 8, 11, 12, 27, 31, 127, 0x80, 0x9b, 0x9f];
/** Longer than any field allows: a few pages, or just below the body limit. */
const LONG_TEXTS = [5_000, BODY_LIMIT_FOR_TEXT];

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** The hostile variants of a valid body, in a fixed order (the ones that reach the database first). */
export function bodyVariants(base: unknown, random: () => number): BodyVariant[] {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const control = () => String.fromCharCode(pick(CONTROL_CODES));
  const variants: BodyVariant[] = [];
  const add = (label: string, value: unknown) => variants.push({ label, body: json(value), contentType: JSON_TYPE });
  const paths = pathsOf(base);
  const label = (path: Path) => path.join('.');
  const codePoint = (text: string) => `U+${text.charCodeAt(0).toString(16).padStart(4, '0')}`;
  // Every string field meets each class (a control character, Unicode white space, a long text)
  // in every run, every number a nested array, every field a wrong type or its absence; which
  // member of a class, where and how long is drawn with the seed, so the members rotate over the
  // fields without multiplying the requests.
  for (const { path, value } of paths) {
    if (typeof value === 'string') {
      const c = control();
      add(`${label(path)}: control character ${codePoint(c)}`, withValue(base, path, pick([`${value}${c}`, `${value.slice(0, 1)}${c}${value.slice(1)}`])));
      const blank = pick(UNICODE_WHITE_SPACE);
      const placed = pick([`${value.slice(0, 1)}${blank}${value.slice(1)}`, `${blank}${value}${blank}`, blank.repeat(3)]);
      add(`${label(path)}: Unicode white space ${codePoint(blank)}`, withValue(base, path, placed));
      const length = pick(LONG_TEXTS);
      add(`${label(path)}: ${length} characters`, withValue(base, path, `${value}${pick(UNICODE_WHITE_SPACE)}`.repeat(length).slice(0, length)));
    }
  }
  for (const { path, value } of paths) {
    if (typeof value === 'number') {
      for (const odd of [[[[String(value)]]], '__deep__', pick([2_147_483_648, '__1e309__', -1, 1.5, '0x2'])]) add(`${label(path)}: ${JSON.stringify(odd).slice(0, 20)}`, withValue(base, path, odd));
    }
  }
  for (const { path, value } of paths) {
    const wrong = Array.isArray(value) ? [{}] : typeof value === 'object' && value !== null ? [[value], 'x'] : typeof value === 'string' ? [12345, ['x']] : ['x', {}];
    const odd = pick<unknown>([...wrong, REMOVE]);
    if (odd === REMOVE) add(`${label(path)}: missing`, withValue(base, path, REMOVE));
    else add(`${label(path)}: wrong type ${JSON.stringify(odd).slice(0, 20)}`, withValue(base, path, odd));
  }
  add('body: one huge string above the body limit', { ...(base as object), huge: 'a'.repeat(4 * BODY_LIMIT) });
  const [shape, other] = pick<[string, unknown]>([['an array for the object', [base]], ['null', null], ['a string', 'x']]);
  add(`body: ${shape}`, other);
  add('body: objects 40 levels deep', Array.from({ length: 40 }).reduce<unknown>((inner) => ({ a: inner }), base));
  add('body: a field nested thousands deep', { ...(base as object), nested: '__deep__' });
  variants.push({ label: 'body: arrays nested thousands deep', body: nestedArrays(DEEP_NESTING, json(base)), contentType: JSON_TYPE });
  variants.push({ label: 'body: invalid JSON', body: `${json(base).slice(0, -1)},`, contentType: JSON_TYPE });
  variants.push({ label: 'body: empty JSON', body: '', contentType: JSON_TYPE });
  variants.push({ label: 'body: NUL in JSON text', body: '{"\u0000":"\u0000"}', contentType: JSON_TYPE });
  if (typeof base === 'object' && base !== null && !Array.isArray(base)) {
    const fields = Object.entries(base).filter(([, v]) => typeof v !== 'object' || v === null);
    // A form post is read by the same schema as JSON: one field with a NUL per route.
    for (const [key] of fields.length ? [pick(fields)] : []) {
      const form = new URLSearchParams(fields.map(([k, v]): [string, string] => [k, k === key ? `${String(v)}\u0000` : String(v)]));
      variants.push({ label: `form ${key}: NUL`, body: form.toString(), contentType: FORM_TYPE });
    }
  }
  return variants;
}

/** Odd values for an id in a path; none names a record. The fuzz sends each route a sample (`oddPathIds`). */
export const ODD_PATH_IDS = ['0x2', '2e0', '%202', '2%20', '+2', '-1', '0', '1.0', '%00', '1%00', '2147483648', '1e309', '99999999999999999999', 'abc', '%E2%80%AE1', '..%2F1', '%C2%A01', '1%E2%80%A8', '%EF%BB%BF1', '%0B1', '1%E3%80%80', 'a'.repeat(2_000)];

/** `count` of the odd path ids, drawn with the seed. */
export function oddPathIds(random: () => number, count: number): string[] {
  const ids = [...ODD_PATH_IDS];
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  return ids.slice(0, count);
}

/** A query string for `base` with each value replaced in turn by `odd` values. */
export function queryVariants(base: Record<string, unknown>, random: () => number): Array<{ label: string; query: string }> {
  const entries = Object.entries(base).map(([k, v]) => [k, String(Array.isArray(v) ? v[0] : v)] as const);
  const query = (replace?: string, value?: string) => new URLSearchParams(entries.map(([k, v]): [string, string] => [k, k === replace ? value! : v])).toString();
  const out = [{ label: 'query: as sampled', query: query() }];
  for (const [key, value] of entries) {
    const blank = UNICODE_WHITE_SPACE[Math.floor(random() * UNICODE_WHITE_SPACE.length)]!;
    const control = random() < 0.5 ? '\u0000' : '\u001b';
    const long = random() < 0.5 ? 'a'.repeat(8_000) : '2147483648';
    for (const odd of [`${value}${control}`, `${blank}${value}${blank}`, long]) out.push({ label: `query ${key}: ${JSON.stringify(odd).slice(0, 20)}`, query: query(key, odd) });
  }
  out.push({ label: 'query: NUL key', query: '%00=%00' });
  return out;
}
