import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/build-server.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // One browser and one server per file; files run one after the other on a 2-core machine.
    fileParallelism: false,
  },
});
