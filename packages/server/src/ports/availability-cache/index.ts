export { createDatabaseAvailabilityCache, createMemoryAvailabilityCache, createRedisAvailabilityCache } from './availability-caches.ts';
