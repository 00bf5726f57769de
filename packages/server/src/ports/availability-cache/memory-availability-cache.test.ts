import { describe, expect, it } from 'vitest';
import { createMemoryAvailabilityCache } from './availability-caches.ts';

describe('the availability cache in memory', () => {
  it('answers for the time given, and not after', async () => {
    let now = 1_000_000;
    const cache = createMemoryAvailabilityCache({ now: () => now });
    await cache.set('kort.nl', 'free', 60);
    await cache.set('lang.nl', 'active', 600);
    now += 59_000;
    expect(await cache.get('kort.nl')).toBe('free');
    now += 2_000;
    expect(await cache.get('kort.nl')).toBeNull();
    expect(await cache.get('lang.nl')).toBe('active');
    expect(await cache.getMany(['kort.nl', 'lang.nl', 'nooit.nl'])).toEqual(new Map([['lang.nl', 'active']]));
    await cache.forget('lang.nl');
    expect(await cache.get('lang.nl')).toBeNull();
  });

  it('holds 50,000 answers, dropping the one used least recently, and keeps taking new ones when full', async () => {
    const cache = createMemoryAvailabilityCache();
    for (let index = 0; index < 50_000; index++) await cache.set(`domein${index}.nl`, 'free', 60);
    // Asked again: no longer the least recently used.
    expect(await cache.get('domein0.nl')).toBe('free');
    for (let index = 50_000; index < 60_000; index++) await cache.set(`domein${index}.nl`, 'active', 60);
    expect(await cache.get('domein0.nl')).toBe('free');
    expect(await cache.get('domein1.nl')).toBeNull();
    expect(await cache.get('domein10000.nl')).toBeNull();
    expect(await cache.get('domein10001.nl')).toBe('free');
    expect(await cache.get('domein59999.nl')).toBe('active');
  });
});
