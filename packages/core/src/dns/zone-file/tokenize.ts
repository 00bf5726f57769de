import { MULTI_LINE_TEXT } from '../../schemas/safe-text.ts';

/**
 * The first pass of the zone-file reader (RFC 1035 section 5.1): comments dropped, quoted
 * strings kept whole with their escapes, an entry in parentheses joined over several lines.
 */
export interface Token {
  text: string;
  quoted: boolean;
}

export interface Entry {
  /** The line the entry starts on, from 1. */
  line: number;
  /** The entry starts with a blank: it has no owner and takes the previous one. */
  ownerOmitted: boolean;
  tokens: Token[];
}

export type TokenizeResult = { ok: true; entries: Entry[] } | { ok: false; line: number; key: 'zoneQuote' | 'zoneParentheses' | 'controlCharacters' };

/**
 * Blanks between words: space, tab and carriage return, and the Unicode spaces a zone pasted
 * from a web page or a word processor brings along (no-break space, the typographic spaces,
 * line and paragraph separators, the byte-order mark). Inside quotes they are text.
 */
const BLANKS = ' \\t\\r\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
const BLANK = new RegExp(`[${BLANKS}]`);
/** Where an unquoted word ends; everything else belongs to it. */
const WORD_END = new RegExp(`[${BLANKS}\\n;()"]`);

/** The first line that breaks the text rule every multi-line field keeps (no control character but tab, LF and CR), or 0. */
function lineWithControlCharacter(text: string): number {
  const lines = text.split('\n');
  const index = lines.findIndex((line) => !MULTI_LINE_TEXT.test(line));
  return index + 1;
}

/** Lines read between two pauses of `tokenSteps`. */
const LINES_PER_STEP = 100;

export function tokenize(source: string): TokenizeResult {
  const steps = tokenSteps(source);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** `tokenize` in steps: the generator pauses (yields) every hundred lines. */
export function* tokenSteps(source: string): Generator<void, TokenizeResult, void> {
  // A byte-order mark at the start is how some editors save UTF-8, not part of the first line.
  const text = source.startsWith('\ufeff') ? source.slice(1) : source;
  const refused = lineWithControlCharacter(text);
  if (refused > 0) return { ok: false, line: refused, key: 'controlCharacters' };
  const entries: Entry[] = [];
  let current: Entry | null = null;
  let depth = 0;
  let openedOn = 0;
  let line = 1;
  let atLineStart = true;
  let i = 0;
  const finish = () => {
    if (current && current.tokens.length > 0) entries.push(current);
    current = null;
  };
  const entry = (ownerOmitted: boolean): Entry => (current ??= { line, ownerOmitted, tokens: [] });

  // Every branch below moves `i` forward by at least one character, so the loop ends.
  while (i < text.length) {
    const char = text[i] ?? '';
    if (char === '\n') {
      line++;
      i++;
      atLineStart = true;
      if (depth === 0) finish();
      if (line % LINES_PER_STEP === 0) yield;
      continue;
    }
    if (BLANK.test(char)) {
      if (atLineStart && depth === 0) entry(true);
      atLineStart = false;
      i++;
      continue;
    }
    atLineStart = false;
    if (char === ';') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (char === '(') {
      if (depth === 0) openedOn = line;
      depth++;
      entry(false);
      i++;
      continue;
    }
    if (char === ')') {
      if (depth === 0) return { ok: false, line, key: 'zoneParentheses' };
      depth--;
      i++;
      continue;
    }
    if (char === '"') {
      const start = line;
      let value = '';
      i++;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\' && i + 1 < text.length) value += text[i++];
        if (text[i] === '\n') return { ok: false, line: start, key: 'zoneQuote' };
        value += text[i++];
      }
      if (i >= text.length) return { ok: false, line: start, key: 'zoneQuote' };
      i++;
      entry(false).tokens.push({ text: value, quoted: true });
      continue;
    }
    // A word: its first character is none of the above, so it is taken whatever follows.
    let word = '';
    do {
      // An escaped character belongs to the word, but a line break stays a line break.
      if (text[i] === '\\' && i + 1 < text.length && text[i + 1] !== '\n') word += text[i++];
      word += text[i++];
    } while (i < text.length && !WORD_END.test(text[i] ?? ''));
    entry(false).tokens.push({ text: word, quoted: false });
  }
  if (depth > 0) return { ok: false, line: openedOn, key: 'zoneParentheses' };
  finish();
  return { ok: true, entries };
}
