import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { applyServerErrors } from './server-field-errors.ts';
import { countryOptions } from './use-countries.ts';

const t = (key: string) => `t:${key}`;

describe('applyServerErrors', () => {
  it('puts field errors under their fields without the request prefix and returns the rest for the banner', () => {
    const setError = vi.fn();
    const error = new ApiError(400, {
      message: 'Controleer de ingevulde gegevens.',
      fieldErrors: { 'registrationDto.email': 'Ongeldig adres.', 'registrationDto.general': 'Algemene fout.' },
    });
    const banner = applyServerErrors(error, setError, ['email', 'password'], t, 'registrationDto');
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'Ongeldig adres.' }, { shouldFocus: true });
    expect(banner).toBe('Algemene fout.');
  });

  it("falls back to the server's summary, and to a generic text for a server fault", () => {
    const setError = vi.fn();
    expect(applyServerErrors(new ApiError(400, { message: 'Controleer.', fieldErrors: { email: 'x' } }), setError, ['email'], t)).toBe('Controleer.');
    expect(applyServerErrors(new ApiError(500, { message: 'stack trace' }), setError, ['email'], t)).toBe('t:error.generic');
  });
});

describe('countryOptions', () => {
  it('names and sorts countries in the page language', () => {
    const countries = [
      { id: 154, code: 'NL', country: 'Nederland', country_en: 'Netherlands' },
      { id: 21, code: 'BE', country: 'België', country_en: 'Belgium' },
      { id: 60, code: 'DE', country: 'Duitsland', country_en: 'Germany' },
    ];
    expect(countryOptions(countries, 'nl').map((o) => o.label)).toEqual(['België', 'Duitsland', 'Nederland']);
    expect(countryOptions(countries, 'en').map((o) => o.value)).toEqual(['21', '60', '154']);
  });
});
