import { describe, expect, it } from 'vitest';
import { ZWhoisHolderForm } from './whois.ts';

const form = { forename: 'Jan', surname: 'Jansen', street: 'Damrak', houseNumber: '70', postcode: '1012lm', city: 'Amsterdam', phone: '020 555 0199', email: 'JAN@example.nl' };
const errors = (input: Record<string, unknown>) => {
  const result = ZWhoisHolderForm.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('domain holder form', () => {
  it('fills the defaults (NL, Mr., private) and writes a Dutch postcode as 1234 AB', () => {
    expect(ZWhoisHolderForm.parse(form)).toEqual({
      ...form,
      label: '',
      isCompany: false,
      company: '',
      gender: 'M',
      houseNumberAdd: '',
      postcode: '1012 LM',
      country: 'NL',
      email: 'jan@example.nl',
      vat: '',
    });
  });

  it('treats a company name as a company, keeps its VAT number cleaned, and drops both for a private person', () => {
    expect(ZWhoisHolderForm.parse({ ...form, company: 'Tulp BV', vat: 'nl 8612.34.567 b01' })).toMatchObject({ isCompany: true, vat: 'NL861234567B01' });
    expect(ZWhoisHolderForm.parse({ ...form, isCompany: false, company: 'Tulp BV', vat: 'NL861234567B01' })).toMatchObject({ isCompany: false, company: '', vat: '' });
  });

  it('requires the company name for a company, and a valid postcode for the Netherlands only', () => {
    expect(errors({ ...form, isCompany: true })).toEqual({ company: 'required' });
    expect(errors({ ...form, postcode: '1012' })).toEqual({ postcode: 'postcode' });
    expect(errors({ ...form, postcode: '0123 AB' })).toEqual({ postcode: 'postcode' });
    expect(errors({ ...form, postcode: '1000', country: 'be' })).toEqual({});
    expect(errors({ ...form, country: 'Belgie' })).toEqual({ country: 'country' });
  });
});

describe('domain holder form with several faults', () => {
  it('reports every fault in one answer: names, company, country and postcode together', () => {
    expect(errors({ ...form, forename: '', surname: ' ', isCompany: true, company: '', postcode: '10', country: 'XQ' })).toEqual({
      forename: 'required',
      surname: 'required',
      company: 'required',
      country: 'country',
    });
    expect(errors({ ...form, forename: '', email: 'nope', postcode: '10' })).toEqual({ forename: 'required', email: expect.any(String), postcode: 'postcode' });
  });

  it('refuses a well-formed code that is no country', () => {
    expect(errors({ ...form, country: 'XQ' })).toEqual({ country: 'country' });
    expect(errors({ ...form, country: 'de', postcode: '10115' })).toEqual({});
  });
});
