import { useQuery } from '@tanstack/react-query';
import { type Locale, type TCountry } from '@kavel/core';
import { shopContracts } from '@kavel/core/contracts/shop';
import { call } from '../../api/client.ts';

/** The 249 countries of the registration form; they do not change while the page is open. */
export function useCountries() {
  return useQuery({ queryKey: ['countries'], queryFn: () => call(shopContracts.countries), staleTime: Infinity });
}

/** Options in the page language, alphabetical in that language (the ids follow the Dutch names). */
export function countryOptions(countries: readonly TCountry[], locale: Locale): { value: string; label: string }[] {
  const named = countries.map((country) => ({ value: String(country.id), label: locale === 'en' ? country.country_en : country.country }));
  return named.sort((a, b) => a.label.localeCompare(b.label, locale));
}

export function countryName(countries: readonly TCountry[] | undefined, id: number, locale: Locale): string {
  const country = countries?.find((candidate) => candidate.id === id);
  if (!country) return '';
  return locale === 'en' ? country.country_en : country.country;
}
