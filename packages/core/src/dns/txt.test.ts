import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZDnsRecord } from './record.ts';
import { quoteTxt, splitTxt, unquoteTxt } from './txt.ts';
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
    expect(importZoneFile('www TXT "caf\\195\\169" "\u00a0\u2603"\n', 'goudenkorst.nl')).toMatchObject({ ok: true, records: [{ value: 'café\u00a0\u2603' }] });
  });
});

describe('TXT strings', () => {
  it('quote and unquote any Unicode text to itself, in strings of at most 255 bytes', () => {
    const encoder = new TextEncoder();
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 100 }), (binary, graphemes) => {
        for (const text of [binary, graphemes, graphemes.repeat(4)]) {
          expect(unquoteTxt(quoteTxt(text))).toBe(new TextDecoder().decode(encoder.encode(text)));
          for (const piece of splitTxt(text)) expect(encoder.encode(piece).length).toBeLessThanOrEqual(255);
          expect(splitTxt(text).join('')).toBe(text);
        }
      }),
      { numRuns: 500 },
    );
  });
});
