import { describe, expect, it } from 'vitest';
import { CLOCK_SKEW_MS, READ_CACHE_TTL_MS, ReadCache } from './read-cache.ts';
import { createMemoryCacheEvents, EVERYTHING, type CacheEventsPort } from './ports/cache-events/index.ts';

function cacheOn(events: CacheEventsPort = createMemoryCacheEvents()) {
  const clock = { now: 1_000_000 };
  return { cache: new ReadCache<string>(events, () => clock.now), clock, events };
}

describe('the read cache', () => {
  it('serves what was stored until it is invalidated, or its time is up', async () => {
    const { cache, clock, events } = cacheOn();
    cache.set('basket:c:1', 'mand', cache.ticket());
    expect(cache.get('basket:c:1')).toBe('mand');
    await events.publish(['basket:c:1']);
    expect(cache.get('basket:c:1')).toBeUndefined();

    cache.set('basket:c:1', 'mand', cache.ticket());
    clock.now += READ_CACHE_TTL_MS + 1;
    expect(cache.get('basket:c:1')).toBeUndefined();
  });

  it('does not store a load that an invalidation of its key overtook', async () => {
    const { cache, events } = cacheOn();
    const ticket = cache.ticket();
    await events.publish(['basket:c:2']);
    cache.set('basket:c:2', 'oud', ticket);
    expect(cache.get('basket:c:2')).toBeUndefined();
    // Another key's invalidation does not matter.
    const other = cache.ticket();
    await events.publish(['basket:c:3']);
    cache.set('basket:c:2', 'nieuw', other);
    expect(cache.get('basket:c:2')).toBe('nieuw');
  });

  it("refuses an entry loaded before the browser's last change (plus the clock skew)", () => {
    const { cache, clock } = cacheOn();
    const writtenAt = clock.now;
    cache.set('session:a', 'rij', cache.ticket());
    expect(cache.get('session:a', writtenAt)).toBeUndefined();
    clock.now += CLOCK_SKEW_MS + 1;
    cache.set('session:a', 'rij', cache.ticket());
    expect(cache.get('session:a', writtenAt)).toBe('rij');
  });

  it('forgets everything on `*`, and serves nothing while the events are not live', async () => {
    const { cache, events } = cacheOn();
    cache.set('session:a', 'a', cache.ticket());
    cache.set('session:b', 'b', cache.ticket());
    await events.publish([EVERYTHING]);
    expect([cache.get('session:a'), cache.get('session:b')]).toEqual([undefined, undefined]);

    const down: CacheEventsPort = { ...createMemoryCacheEvents(), live: false };
    const offline = cacheOn(down).cache;
    offline.set('session:a', 'a', offline.ticket());
    expect(offline.get('session:a')).toBeUndefined();
  });
});
