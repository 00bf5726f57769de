import { describe, expect, it } from 'vitest';
import { ACCOUNT_TRANSITIONS, nextState } from './account-states.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';

describe('password hashing', () => {
  it('stores scrypt with its parameters and a fresh 16-byte salt, and verifies', async () => {
    const [first, second] = await Promise.all([hashPassword('correct horse battery'), hashPassword('correct horse battery')]);
    const [scheme, n, r, p, salt] = first.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '32768', '8', '1']);
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(16);
    expect(second).not.toBe(first);
    expect(await verifyPassword('correct horse battery', first)).toBe(true);
    expect(await verifyPassword('correct horse batterY', first)).toBe(false);
  });

  it('treats the same characters in another Unicode form as the same password', async () => {
    const hash = await hashPassword('wachtwoord-café-2024');
    expect(await verifyPassword('wachtwoord-cafe\u0301-2024', hash)).toBe(true);
  });

  it('fails, after the same work, without a hash or with a damaged one', async () => {
    expect(await verifyPassword('anything at all', null)).toBe(false);
    expect(await verifyPassword('anything at all', 'scrypt$1048577$8$1$AAAA$BBBB')).toBe(false);
    expect(await verifyPassword('anything at all', 'plain-text')).toBe(false);
  });
});

describe('account states', () => {
  it('moves only along the transition table', () => {
    expect(nextState('awaiting_activation', 'activate')).toBe('active');
    expect(nextState('active', 'activate')).toBeNull();
    expect(nextState('active', 'lock')).toBe('locked');
    expect(nextState('locked', 'activate')).toBeNull();
    expect(nextState('locked', 'unlock')).toBe('active');
    expect(Object.keys(ACCOUNT_TRANSITIONS).sort()).toEqual(['active', 'awaiting_activation', 'locked']);
  });
});
