import { describe, expect, it } from 'vitest';
import { cleanPostcode, houseNumberOf, ZAddressLookupQuery } from './address.ts';

describe('cleaning a postcode for the address lookup', () => {
  it('removes whitespace and writes the letters in upper case', () => {
    expect(cleanPostcode('1012JS')).toBe('1012JS');
    expect(cleanPostcode('1012 js')).toBe('1012JS');
    expect(cleanPostcode(' 9166\tla ')).toBe('9166LA');
    expect(cleanPostcode('1 0 1 2 J S')).toBe('1012JS');
  });

  it('refuses what is not four digits, the first not 0, then two letters', () => {
    for (const value of ['', '1012', '0123AB', '1012J', '1012JSX', '10123JS', 'AB1012', '1012-JS', '1012 J5', '１０１２JS', '1012ÄB']) {
      expect(cleanPostcode(value), value).toBeNull();
    }
  });
});

describe('reading the house number', () => {
  it('takes the number and ignores a letter or an addition', () => {
    expect(houseNumberOf('7')).toBe(7);
    expect(houseNumberOf(' 12 ')).toBe(12);
    expect(houseNumberOf('12a')).toBe(12);
    expect(houseNumberOf('12 A')).toBe(12);
    expect(houseNumberOf('12-2')).toBe(12);
    expect(houseNumberOf('12 bis')).toBe(12);
    expect(houseNumberOf('12/3')).toBe(12);
    expect(houseNumberOf('99999')).toBe(99_999);
    expect(houseNumberOf(12)).toBe(12);
  });

  it('refuses what is not a positive number of at most five digits', () => {
    for (const value of ['', '0', '012', '-1', 'a12', '100000', '12 ' + 'x'.repeat(20), '1.5', '12;3', 'twaalf']) {
      expect(houseNumberOf(value), value).toBeNull();
    }
    for (const value of [0, -1, 1.5, 100_000, Number.NaN]) expect(houseNumberOf(value), String(value)).toBeNull();
  });
});

describe('the query of GET /api/bestellen/adres', () => {
  it('answers the cleaned postcode and the house number', () => {
    expect(ZAddressLookupQuery.parse({ postcode: '9166 la', huisnummer: '7a' })).toEqual({ postcode: '9166LA', huisnummer: 7 });
  });

  it('refuses a malformed postcode or house number with their field messages', () => {
    const errors = (query: Record<string, unknown>) =>
      Object.fromEntries((ZAddressLookupQuery.safeParse(query).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(errors({ postcode: '0123 AB', huisnummer: '1' })).toEqual({ postcode: 'postcode' });
    expect(errors({ postcode: '1012 JS', huisnummer: 'nul' })).toEqual({ huisnummer: 'addressHouseNumber' });
    expect(errors({})).toEqual({ postcode: 'postcode', huisnummer: 'addressHouseNumber' });
    expect(errors({ postcode: '1012\u0000JS', huisnummer: '1' })).toEqual({ postcode: 'controlCharacters' });
    expect(errors({ postcode: '1012 JS'.repeat(100), huisnummer: '1' })).toEqual({ postcode: 'postcode' });
  });
});
