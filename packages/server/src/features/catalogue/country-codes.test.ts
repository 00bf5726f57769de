import { COUNTRY_CODES } from '@kavel/core';
import { describe, expect, it } from 'vitest';
import countries from './data/countries.json' with { type: 'json' };

describe('country codes', () => {
  it('are the catalogue country table, one for one', () => {
    expect([...COUNTRY_CODES].sort()).toEqual(countries.map((country) => country.code).sort());
  });
});
