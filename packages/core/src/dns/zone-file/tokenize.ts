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

export type TokenizeResult = { ok: true; entries: Entry[] } | { ok: false; line: number; key: 'zoneQuote' | 'zoneParentheses' };

export function tokenize(text: string): TokenizeResult {
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

  while (i < text.length) {
    const char = text[i] ?? '';
    if (char === '\n') {
      line++;
      i++;
      atLineStart = true;
      if (depth === 0) finish();
      continue;
    }
    if (char === ' ' || char === '\t' || char === '\r') {
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
    let word = '';
    while (i < text.length && !/[\s;()"]/.test(text[i] ?? '')) {
      if (text[i] === '\\' && i + 1 < text.length) word += text[i++];
      word += text[i++];
    }
    entry(false).tokens.push({ text: word, quoted: false });
  }
  if (depth > 0) return { ok: false, line: openedOn, key: 'zoneParentheses' };
  finish();
  return { ok: true, entries };
}
