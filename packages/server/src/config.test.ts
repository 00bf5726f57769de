import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('session configuration', () => {
  it('defaults to 30 idle minutes and 12 hours for a logged-in session, 30 idle days and 90 days for an anonymous one', () => {
    expect(loadConfig({}).sessions).toEqual({
      loggedIn: { idleSeconds: 30 * 60, absoluteSeconds: 12 * 3_600 },
      anonymous: { idleSeconds: 30 * 86_400, absoluteSeconds: 90 * 86_400 },
    });
  });

  it('reads the four lifetimes', () => {
    const config = loadConfig({ SESSION_IDLE_MINUTES: '15', SESSION_ABSOLUTE_HOURS: '8', ANONYMOUS_SESSION_IDLE_DAYS: '7', ANONYMOUS_SESSION_ABSOLUTE_DAYS: '14' });
    expect(config.sessions).toEqual({
      loggedIn: { idleSeconds: 15 * 60, absoluteSeconds: 8 * 3_600 },
      anonymous: { idleSeconds: 7 * 86_400, absoluteSeconds: 14 * 86_400 },
    });
  });

  it('refuses the replaced SESSION_DAYS rather than ignoring it', () => {
    expect(() => loadConfig({ SESSION_DAYS: '30' })).toThrow(/SESSION_DAYS is no longer read; use SESSION_IDLE_MINUTES/);
  });

  it('refuses a lifetime of zero', () => {
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '0' })).toThrow(/SESSION_IDLE_MINUTES/);
  });
});
