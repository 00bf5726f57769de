import { describe, expect, it } from 'vitest';
import { searchFromAddress } from './search-from-address.ts';

describe('the search a page is opened with', () => {
  it("takes the home page's domain, and an extension page's name with its extension", () => {
    expect(searchFromAddress('?domain=mijnbakkerij')).toBe('mijnbakkerij');
    expect(searchFromAddress('?domain=mijnbakkerij.nl')).toBe('mijnbakkerij.nl');
    expect(searchFromAddress('?domain=mijnbakkerij&extension=COM')).toBe('mijnbakkerij.com');
    // A full name typed on an extension page keeps its own extension.
    expect(searchFromAddress('?domain=mijnbakkerij.nl&extension=com')).toBe('mijnbakkerij.nl');
  });

  it('has none without a domain, and ignores an extension that cannot be one', () => {
    expect(searchFromAddress('')).toBe('');
    expect(searchFromAddress('?finalStep=true')).toBe('');
    expect(searchFromAddress('?domain=%20%20&extension=nl')).toBe('');
    expect(searchFromAddress('?domain=bakker&extension=%3Cb%3E')).toBe('bakker');
  });
});
