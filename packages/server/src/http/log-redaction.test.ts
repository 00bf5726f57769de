import { describe, expect, it } from 'vitest';
import { errorLogSerializer, redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('hides the token of activation and reset links and keeps the rest', () => {
    expect(redactUrl('/api/account/activation-link?token=abc123secret&lang=en')).toBe('/api/account/activation-link?token=%5Bredacted%5D&lang=en');
    expect(redactUrl('/account/activeren?token=abc')).not.toContain('abc');
  });

  it('leaves URLs without a token as they are', () => {
    expect(redactUrl('/api/bestelprocedure/getBasket')).toBe('/api/bestelprocedure/getBasket');
    expect(redactUrl('/bestelprocedure?finalStep=true')).toBe('/bestelprocedure?finalStep=true');
  });
});

describe('errorLogSerializer', () => {
  it('names a failed query by its text and code, without its values, its detail or the database message', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "customers_email_idx"'), {
      code: '23505',
      severity: 'ERROR',
      detail: 'Key (lower(email))=(anna@example.nl) already exists.',
      constraint: 'customers_email_idx',
    });
    const failed = Object.assign(new Error('Failed query: insert into "customers" ("email", "password_hash") values ($1, $2)\nparams: anna@example.nl,scrypt$32768$8$1$c2FsdA$aGFzaA'), {
      query: 'insert into "customers" ("email", "password_hash") values ($1, $2)',
      params: ['anna@example.nl', 'scrypt$32768$8$1$c2FsdA$aGFzaA'],
      cause,
    });
    const logged = JSON.stringify(errorLogSerializer(failed));
    expect(logged).not.toContain('anna@example.nl');
    expect(logged).not.toContain('scrypt$');
    expect(logged).toContain('insert into \\"customers\\"');
    expect(logged).toContain('"code":"23505"');
    expect(logged).toContain('"constraint":"customers_email_idx"');
  });

  it('keeps other errors as they are, and leaves values that are not errors alone', () => {
    const error = Object.assign(new Error('registry unreachable'), { code: 'ECONNREFUSED', params: ['secret'] });
    expect(errorLogSerializer(error)).toMatchObject({ type: 'Error', message: 'registry unreachable', code: 'ECONNREFUSED' });
    expect(JSON.stringify(errorLogSerializer(error))).not.toContain('secret');
    expect(errorLogSerializer('just text')).toBe('just text');
  });
});
