import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZDnsRecord } from './record.ts';
import { normalTxt, quoteTxt, readTxtStrings, splitTxt, storedTxt, txtStrings, txtText } from './txt.ts';
import { importZoneFile } from './zone-file/index.ts';

describe('TXT text: one character rule for the record form and the zone import', () => {
  it.each([
    ['a control character typed as it is', 'a\u0001b', 'a\u0001b'],
    ['NUL written as an escape', '"a\\000b"', 'a\\000b'],
    ['a tab written as an escape', '"a\\009b"', 'a\\009b'],
    ['a line feed written as an escape', '"a\\010b"', 'a\\010b'],
    ['DEL written as an escape', '"a\\127b"', 'a\\127b'],
  ])('refuses %s', (_case, typed, inFile) => {
    const form = ZDnsRecord.safeParse({ name: 'www', type: 'TXT', value: typed });
    expect(form.success).toBe(false);
    expect(form.error?.issues[0]).toMatchObject({ path: ['value'], message: 'controlCharacters' });
    const read = importZoneFile(`@ A 192.0.2.1\nwww TXT "${inFile}"\n`, 'goudenkorst.nl');
    // A control character in the file itself stops the reading; one written as an escape is a record the form refuses, so its line is skipped.
    if (inFile === typed) expect(read).toMatchObject({ ok: false, errors: [{ line: 2, key: 'controlCharacters' }] });
    else expect(read).toMatchObject({ ok: true, records: [{ type: 'A' }], skipped: [{ line: 2, key: 'controlCharacters' }] });
  });

  it('keeps escapes that stand for printable text, and text beyond ASCII', () => {
    expect(ZDnsRecord.parse({ name: 'www', type: 'TXT', value: '"caf\\195\\169 \\"quoted\\""' }).value).toBe('café "quoted"');
    expect(importZoneFile('www TXT "caf\\195\\169" "\u00a0\u2603"\n', 'goudenkorst.nl')).toMatchObject({ ok: true, records: [{ value: '"café" "\u00a0\u2603"' }] });
  });
});

describe('TXT strings', () => {
  const encoder = new TextEncoder();
  /** What a text is once written as UTF-8 bytes (a lone surrogate becomes U+FFFD). */
  const asBytes = (text: string) => new TextDecoder().decode(encoder.encode(text));

  it('split any Unicode text into pieces of at most 255 bytes that make it again', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 100 }), (binary, graphemes) => {
        for (const text of [binary, graphemes, graphemes.repeat(4)]) {
          for (const piece of splitTxt(text)) expect(encoder.encode(piece).length).toBeLessThanOrEqual(255);
          expect(splitTxt(text).join('')).toBe(text);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keep any strings through storing, publishing (presentation form) and reading back', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 100 })), { minLength: 1, maxLength: 4 }), (strings) => {
        const pieces = strings.flatMap(splitTxt).map(asBytes);
        const stored = storedTxt(strings);
        expect(txtStrings(stored).map(asBytes)).toEqual(pieces);
        expect(readTxtStrings(quoteTxt(stored))).toEqual(pieces);
        // The stored form reads as itself: typed again (trimmed, as forms and the API trim) it is the same record.
        expect(normalTxt(stored.trim())).toBe(normalTxt(stored));
        for (const piece of txtStrings(stored)) expect(encoder.encode(piece).length).toBeLessThanOrEqual(255);
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    ['a text is stored bare', ['v=spf1 mx ~all'], 'v=spf1 mx ~all'],
    ['a long text split every 255 bytes is stored bare', ['a'.repeat(255), 'b'], `${'a'.repeat(255)}b`],
    ['strings written apart stay apart', ['part one', 'part two'], '"part one" "part two"'],
    ['a text that starts with a quote is stored quoted', ['"hi" she said'], '"\\"hi\\" she said"'],
    ['a text with blanks around it is stored quoted', [' x '], '" x "'],
    ['an empty string is stored quoted', [''], '""'],
  ])('%s', (_case, strings, stored) => {
    expect(storedTxt(strings)).toBe(stored);
    expect(txtStrings(stored)).toEqual(strings.flatMap(splitTxt));
  });

  it('read what a form or the API sends: a bare text as it is, quoted strings as their strings', () => {
    expect(normalTxt('a "quoted" word')).toBe('a "quoted" word');
    expect(normalTxt('"v=spf1 " "-all"')).toBe('"v=spf1 " "-all"');
    expect(txtText('"v=spf1 " "-all"')).toBe('v=spf1 -all');
    expect(quoteTxt('"v=spf1 " "-all"')).toBe('"v=spf1 " "-all"');
    expect(quoteTxt('"café" "x"')).toBe('"caf\\195\\169" "x"');
    expect(normalTxt('"unclosed')).toBe('"\\"unclosed"');
  });
});
