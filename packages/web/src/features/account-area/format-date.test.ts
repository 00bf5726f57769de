import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date.ts';

describe('formatDate', () => {
  it('writes the day in Amsterdam time in the page language', () => {
    expect(formatDate('2027-03-11T23:30:00Z', 'nl')).toBe('12 mrt 2027');
    expect(formatDate('2027-03-12', 'en')).toBe('12 Mar 2027');
  });

  it('answers an empty text for something that is no date', () => {
    expect(formatDate('binnenkort', 'nl')).toBe('');
  });
});
