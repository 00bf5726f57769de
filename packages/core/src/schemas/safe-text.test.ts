import { describe, expect, it } from 'vitest';
import { requiredSafeText, safeText, ZDbId, ZFormDbId, ZIdParams } from './safe-text.ts';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('safe text', () => {
  it('refuses NUL and other control characters on one line, and keeps tab and newline where a field allows them', () => {
    expect(firstMessage(safeText(20).safeParse('a\u0000b'))).toBe('controlCharacters');
    expect(firstMessage(safeText(20).safeParse('a\u001bb'))).toBe('controlCharacters');
    expect(firstMessage(safeText(20).safeParse('a\nb'))).toBe('controlCharacters');
    expect(safeText(20, { multiline: true }).parse('at x\n\tat y')).toBe('at x\n\tat y');
    expect(firstMessage(safeText(20, { multiline: true }).safeParse('at\u0000x'))).toBe('controlCharacters');
    expect(requiredSafeText(20).parse('  Bakkerij Één  ')).toBe('Bakkerij Één');
    expect(firstMessage(requiredSafeText(3).safeParse('abcd'))).toBe('tooLong');
  });
});

describe('database ids', () => {
  it('accept 1 to 2147483647 and nothing else', () => {
    expect(ZDbId.parse(2_147_483_647)).toBe(2_147_483_647);
    for (const bad of [0, -1, 2_147_483_648, 1.5, Infinity, '2']) expect(firstMessage(ZDbId.safeParse(bad))).toBe('id');
  });

  it('read decimal digits from a form, nothing looser', () => {
    expect(ZFormDbId.parse('42')).toBe(42);
    for (const bad of ['0x2', '2e0', ' 2', '+2', '2.0', '', '2147483648']) expect(ZFormDbId.safeParse(bad).success).toBe(false);
  });

  it('take a path id only as decimal digits', () => {
    expect(ZIdParams.parse({ id: '002' })).toEqual({ id: 2 });
    for (const bad of ['0x2', '2e0', ' 2', '2 ', '-2', '2.0', '0', '2147483648', '99999999999']) expect(ZIdParams.safeParse({ id: bad }).success).toBe(false);
  });
});
