import { SINGLE_LINE_TEXT } from '../schemas/safe-text.ts';

/**
 * TXT values: one logical text in the shop, split into character strings of at most 255 bytes
 * when published (RFC 1035 section 3.3), quoted with `"` and `\` escaped.
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

/** The presentation form (zone files, PowerDNS): `"v=DKIM1; k=rsa; p=…" "…rest"`. */
export function quoteTxt(text: string): string {
  return splitTxt(text)
    .map((piece) => `"${Array.from(encoder.encode(piece), presentByte).join('')}"`)
    .join(' ');
}

/**
 * Reads one or more quoted strings (`"a" "b\"c"`) into one text, with `\X` and `\DDD` escapes.
 * Answers null when the text is not a sequence of quoted strings.
 */
export function unquoteTxt(text: string): string | null {
  const bytes: number[] = [];
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
    i++;
    while (source[i] === ' ' || source[i] === '\t') i++;
  }
  return decoder.decode(new Uint8Array(bytes));
}

/**
 * Why a TXT value as typed or imported cannot be kept, or null. Escapes (`\001`, `\009`,
 * `\000`) are read first: the text they stand for keeps the rule every one-line text keeps (no
 * control character, and so no NUL, which PostgreSQL text cannot hold), however it was written.
 */
export function txtValueIssue(value: string): 'controlCharacters' | null {
  return SINGLE_LINE_TEXT.test(unquoteTxt(value) ?? value) ? null : 'controlCharacters';
}
