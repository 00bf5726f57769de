import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importZoneFile, readZoneFile, zoneFileErrorText } from './index.ts';

const DOMAIN = 'goudenkorst.nl';
const www = { name: 'www', type: 'A', value: '192.0.2.1', priority: null, ttl: 3600 };

/** Every character JavaScript's `\s` matches: what a pasted zone may hold between its words. */
const WHITE_SPACE = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code)).filter((char) => /\s/.test(char));

/** Pieces of zone files, odd and ordinary, that the generator strings together with arbitrary Unicode. */
const PIECES = ['www', '@', 'A', 'TXT', 'MX 10 mail', '192.0.2.1', '$ORIGIN', '$TTL 1h', ' ', '\t', '\n', '\r\n', '"', '\\', '\\0', '(', ')', ';', '\u00a0', '\u2028', '\ufeff', '\u000b', '\u0000'];
const zoneText = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'binary', maxLength: 8 }), fc.constantFrom(...WHITE_SPACE)), { maxLength: 60 })
  .map((parts) => parts.join(''));

describe('zone file import of hostile text', () => {
  it('returns a result or a refusal for any Unicode text, within a time bound', () => {
    fc.assert(
      fc.property(zoneText, (text) => {
        const started = performance.now();
        const result = importZoneFile(text, DOMAIN);
        expect(performance.now() - started).toBeLessThan(1000);
        expect(typeof result.ok).toBe('boolean');
        if (!result.ok) for (const error of result.errors) expect(zoneFileErrorText('nl', error)).toMatch(/^Regel [0-9]+: /);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a no-break space pasted between the words as a blank', () => {
    expect(importZoneFile('www\u00a0A 192.0.2.1\n', DOMAIN)).toEqual({ ok: true, records: [www], skipped: [], warnings: [] });
  });

  it.each(WHITE_SPACE.filter((char) => char !== '\n').map((char) => [`U+${char.charCodeAt(0).toString(16).padStart(4, '0')}`, char]))(
    'reads %s between the words as a blank, or refuses it naming the line',
    (_code, char) => {
      const result = importZoneFile(`@ A 192.0.2.2\nwww${char}A${char}192.0.2.1\n`, DOMAIN);
      // Vertical tab and form feed are control characters, refused as in every other text.
      if (char === '\u000b' || char === '\u000c') expect(result).toEqual({ ok: false, errors: [{ line: 2, key: 'controlCharacters' }] });
      else expect(result).toMatchObject({ ok: true, records: [{ name: '@' }, www] });
    },
  );

  it('takes a line that starts with a no-break space as one without owner, keeps one inside quotes, and drops a byte-order mark at the start', () => {
    const result = importZoneFile('\ufeffwww A 192.0.2.1\n\u00a0TXT "a\u00a0b"\n', DOMAIN);
    expect(result).toEqual({ ok: true, records: [www, { name: 'www', type: 'TXT', value: 'a\u00a0b', priority: null, ttl: 3600 }], skipped: [], warnings: [] });
  });

  it('refuses a control character with the number of its line, as every text field does', () => {
    const result = importZoneFile('@ A 192.0.2.2\n; a comment\nwww A 192.0.2.1\u0007\n', DOMAIN);
    expect(result).toEqual({ ok: false, errors: [{ line: 3, key: 'controlCharacters' }] });
    if (!result.ok) expect(zoneFileErrorText('nl', result.errors[0]!)).toBe('Regel 3: Dit bevat tekens die niet zijn toegestaan.');
  });

  it('refuses a file with more records than a zone may hold at the first record too many', () => {
    const lines = Array.from({ length: 8 }, (_, i) => `host${i} A 192.0.2.${i + 1}`);
    const result = importZoneFile(`$TTL 1h\n${lines.join('\n')}\n`, DOMAIN, { maxRecords: 5 });
    expect(result).toEqual({ ok: false, errors: [{ line: 7, key: 'dnsZoneRecordLimit', limit: 5 }] });
    if (!result.ok) expect(zoneFileErrorText('en', result.errors[0]!)).toBe('Line 7: A zone can hold at most 5 records.');
    expect(importZoneFile(`${lines.slice(0, 5).join('\n')}\n`, DOMAIN, { maxRecords: 5 })).toMatchObject({ ok: true });
  });

  it('reads a large file in steps, so a server can answer others in between', () => {
    const text = Array.from({ length: 5000 }, (_, i) => `@ TXT "entry ${i}"`).join('\n');
    const steps = readZoneFile(text, DOMAIN);
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses++;
    expect(step.value).toMatchObject({ ok: true });
    expect(step.value.ok && step.value.records).toHaveLength(5000);
    expect(pauses).toBeGreaterThanOrEqual(20);
  });
});
