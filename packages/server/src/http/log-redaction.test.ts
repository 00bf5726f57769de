import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

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
