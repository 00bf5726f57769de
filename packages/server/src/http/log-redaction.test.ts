import { describe, expect, it } from 'vitest';
import { errorLogSerializer, redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('hides the token of activation and reset links and keeps the rest', () => {
    expect(redactUrl('/api/account/activation-link?token=abc123secret&lang=en')).toBe('/api/account/activation-link?token=%5Bredacted%5D&lang=en');
    expect(redactUrl('/account/activeren?token=abc')).not.toContain('abc');
  });

  it('hides every credential-shaped query parameter, in any spelling, and keeps the others', () => {
    const secret = 'kvl_0123456789ab_SECRETsecretSECRETsecret';
    for (const name of ['api_key', 'apikey', 'apiKey', 'API-KEY', 'key', 'x-api-key', 'access_token', 'refresh_token', 'password', 'passwd', 'client_secret', 'X-Amz-Signature', 'sig', 'code', 'session', 'sessionId', 'auth', 'authorization', 'jwt', 'otp', 'credential']) {
      const url = redactUrl(`/api/reseller/v1/domains?page=2&${encodeURIComponent(name)}=${secret}`);
      expect(url, name).not.toContain('SECRET');
      expect(url, name).toContain('page=2');
    }
    expect(redactUrl(`/api/x?api%5Fkey=${secret}`)).not.toContain('SECRET');
    expect(redactUrl('/api/x?api_key=a&api_key=b&lang=en')).toBe('/api/x?api_key=%5Bredacted%5D&lang=en');
    expect(redactUrl('/api/beschikbaarheid?domain=bakkerij&keyword=brood&monkey=1&productCode=NL')).toBe('/api/beschikbaarheid?domain=bakkerij&keyword=brood&monkey=1&productCode=NL');
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
