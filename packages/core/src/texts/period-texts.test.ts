import { describe, expect, it } from 'vitest';
import { periodText } from './period-texts.ts';

describe('periodText', () => {
  it('writes each period as the order says it, in both languages', () => {
    expect(periodText('MONTHLY', 'per', 'nl')).toBe('per maand');
    expect(periodText('QUARTERLY', 'per', 'nl')).toBe('per kwartaal');
    expect(periodText('YEARLY', 'per', 'nl')).toBe('per jaar');
    expect(periodText('FIVE_YEARLY', 'per', 'nl')).toBe('per 5 jaar');
    expect(periodText('MONTHLY', 'per', 'en')).toBe('per month');
    expect(periodText('FIVE_YEARLY', 'per', 'en')).toBe('per 5 years');
    expect(periodText('QUARTERLY', 'name', 'nl')).toBe('kwartaal');
    expect(periodText('MONTHLY', 'length', 'nl')).toBe('1 maand');
    expect(periodText('QUARTERLY', 'length', 'nl')).toBe('3 maanden');
    expect(periodText('FIVE_YEARLY', 'length', 'en')).toBe('5 years');
  });
});
