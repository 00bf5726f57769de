import { describe, expect, it } from 'vitest';
import { safeReturnPath, todayInAmsterdam } from './account.ts';

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

describe('todayInAmsterdam: the Dutch date', () => {
  it('turns at midnight in Amsterdam, in winter and in summer time, however the calls alternate', () => {
    const cases: Array<[string, string]> = [
      ['2026-03-28T22:59:59.999Z', '2026-03-28'],
      ['2026-03-28T23:00:00.000Z', '2026-03-29'],
      ['2026-07-01T21:59:59.999Z', '2026-07-01'],
      ['2026-07-01T22:00:00.000Z', '2026-07-02'],
      ['2026-10-25T00:30:00.000Z', '2026-10-25'],
      ['2026-12-31T22:59:59.999Z', '2026-12-31'],
      ['2026-12-31T23:00:00.000Z', '2027-01-01'],
    ];
    for (const round of [cases, [...cases].reverse(), cases]) {
      for (const [at, day] of round) expect(todayInAmsterdam(new Date(at)), at).toBe(day);
    }
  });
});
