export { createMemoryCacheEvents } from './memory-cache-events.ts';
export { createPostgresCacheEvents } from './postgres-cache-events.ts';
export { createRedisCacheEvents } from './redis-cache-events.ts';
export { EVERYTHING, type CacheEventsPort, type CacheEventHandler } from './cache-events-port.ts';
