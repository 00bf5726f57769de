import { SINGLE_LINE_TEXT } from '../schemas/safe-text.ts';

/**
 * TXT values. A TXT record holds one or more character strings of at most 255 bytes (RFC 1035
 * section 3.3). The shop stores a record's strings in one text: a bare text (`v=spf1 mx ~all`)
 * when splitting it every 255 bytes gives its strings, which is so for almost every record, and
 * otherwise its strings quoted (`"part one" "part two"`), so strings written apart stay apart
 * through storing, publishing and exporting. A stored bare text never starts with `"`.
 */
const MAX_STRING_BYTES = 255;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Appends a code point's UTF-8 bytes, as `TextEncoder` would write them (a lone surrogate as
 * U+FFFD), without making an array per character: a zone of thousands of texts is read in
 * milliseconds rather than seconds.
 */
function pushUtf8(bytes: number[], point: number): void {
  const code = point >= 0xd800 && point <= 0xdfff ? 0xfffd : point;
  if (code < 0x80) bytes.push(code);
  else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
  else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
  else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
}

/** How many UTF-8 bytes a character takes. */
const utf8Size = (point: number) => (point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4);

/** Splits a text into pieces of at most 255 UTF-8 bytes, never inside a character. */
export function splitTxt(text: string): string[] {
  const pieces: string[] = [];
  let piece = '';
  let bytes = 0;
  for (const char of text) {
    const size = utf8Size(char.codePointAt(0) ?? 0);
    if (bytes + size > MAX_STRING_BYTES) {
      pieces.push(piece);
      piece = '';
      bytes = 0;
    }
    piece += char;
    bytes += size;
  }
  pieces.push(piece);
  return pieces;
}

/** One byte in a quoted string: printable ASCII as it is (`"` and `\\` escaped), anything else as `\\DDD`. */
function presentByte(byte: number): string {
  if (byte === 0x22 || byte === 0x5c) return `\\${String.fromCharCode(byte)}`;
  if (byte >= 0x20 && byte < 0x7f) return String.fromCharCode(byte);
  return `\\${String(byte).padStart(3, '0')}`;
}

/** One character string in presentation form (zone files, PowerDNS): printable ASCII, the rest as `\\DDD`. */
const presentString = (piece: string) => `"${Array.from(encoder.encode(piece), presentByte).join('')}"`;

/** One character string as the shop stores it among others: `"` and `\\` escaped, other characters as they are. */
const storedString = (piece: string) => `"${piece.replace(/["\\]/g, (char) => `\\${char}`)}"`;

/**
 * Reads one or more quoted strings (`"a" "b\"c"`) with `\X` and `\DDD` escapes into their texts.
 * Answers null when the text is not a sequence of quoted strings.
 */
export function readTxtStrings(text: string): string[] | null {
  const strings: string[] = [];
  let bytes: number[] = [];
  let i = 0;
  const source = text.trim();
  if (!source.startsWith('"')) return null;
  while (i < source.length) {
    if (source[i] !== '"') return null;
    i++;
    for (;;) {
      if (i >= source.length) return null;
      const char = source[i] ?? '';
      if (char === '"') break;
      if (char === '\\') {
        const digits = /^[0-9]{3}/.exec(source.slice(i + 1));
        if (digits) {
          const code = Number(digits[0]);
          if (code > 255) return null;
          bytes.push(code);
          i += 4;
          continue;
        }
        if (i + 1 >= source.length) return null;
        i++;
      }
      const point = source.codePointAt(i) ?? 0;
      pushUtf8(bytes, point);
      i += point > 0xffff ? 2 : 1;
    }
    strings.push(decoder.decode(new Uint8Array(bytes)));
    bytes = [];
    i++;
    while (source[i] === ' ' || source[i] === '\t') i++;
  }
  return strings;
}

/** Reads one or more quoted strings into the one text they make together; null when it is not such a sequence. */
export function unquoteTxt(text: string): string | null {
  return readTxtStrings(text)?.join('') ?? null;
}

/**
 * The character strings of a TXT value as typed or stored: quoted strings as written, a bare text
 * split every 255 bytes; a quoted string longer than 255 bytes is split the same way.
 */
export function txtStrings(value: string): string[] {
  return (readTxtStrings(value) ?? [value]).flatMap(splitTxt);
}

/** The text a TXT value's strings make together: what SPF and the one-line text rule read. */
export const txtText = (value: string) => txtStrings(value).join('');

/**
 * How the shop stores a record of these strings: the bare text when splitting it gives them back
 * (and it is not empty and neither starts with `"` nor starts or ends with a blank, which a typed
 * value would lose),
 * else the strings quoted.
 */
export function storedTxt(strings: readonly string[]): string {
  const pieces = strings.flatMap(splitTxt);
  const text = pieces.join('');
  const split = splitTxt(text);
  const bare = text !== '' && !text.startsWith('"') && text === text.trim() && split.length === pieces.length && split.every((piece, index) => piece === pieces[index]);
  return bare ? text : pieces.map(storedString).join(' ');
}

/** Strings in presentation form, each over 255 bytes split: what a zone file's TXT strings are handed on as. */
export function quoteTxtStrings(strings: readonly string[]): string {
  return strings.flatMap(splitTxt).map(presentString).join(' ');
}

/** A TXT value as typed (`v=spf1 mx ~all`, or quoted strings) in its stored form. */
export const normalTxt = (value: string) => storedTxt(txtStrings(value));

/** A stored TXT value in presentation form (zone files, PowerDNS): `"v=DKIM1; k=rsa; p=…" "…rest"`. */
export function quoteTxt(value: string): string {
  return txtStrings(value).map(presentString).join(' ');
}

/**
 * Why a TXT value as typed or imported cannot be kept, or null. Escapes (`\001`, `\009`,
 * `\000`) are read first: the text they stand for keeps the rule every one-line text keeps (no
 * control character, and so no NUL, which PostgreSQL text cannot hold), however it was written.
 */
export function txtValueIssue(value: string): 'controlCharacters' | null {
  return SINGLE_LINE_TEXT.test(txtText(value)) ? null : 'controlCharacters';
}
