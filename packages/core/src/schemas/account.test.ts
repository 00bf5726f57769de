import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './account.ts';

describe('safeReturnPath: where a login may send the customer back', () => {
  it('takes a path of this shop, with its query', () => {
    expect(safeReturnPath('/bestellen/12/betalingsstatus')).toBe('/bestellen/12/betalingsstatus');
    expect(safeReturnPath('/account/webhosting?domein=bakkerij.nl')).toBe('/account/webhosting?domein=bakkerij.nl');
  });

  it('refuses anything that could lead to another site, or is not a path', () => {
    for (const value of ['//evil.example/', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'bestellen/12', '', '/a\nb', '/a\tb', `/${'a'.repeat(2000)}`, null, 12]) {
      expect(safeReturnPath(value), String(value).slice(0, 20)).toBeNull();
    }
  });
});
