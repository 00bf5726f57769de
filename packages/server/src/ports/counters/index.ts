export { createDatabaseCounters } from './database-counters.ts';
export { createMemoryCounters, createRedisCounters } from './rate-limiter-counters.ts';
