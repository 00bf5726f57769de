export { createDatabaseCounters, createMemoryCounters, createRedisCounters } from './rate-limiter-counters.ts';
