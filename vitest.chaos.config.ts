import { defineConfig } from 'vitest/config';

/**
 * `npm run test:chaos`: the chaos loop only (real server processes killed under load), kept out of
 * `npm test` because it runs for minutes. Same embedded PostgreSQL template as the server tests.
 */
export default defineConfig({
  test: {
    include: ['apps/server/src/test/chaos/**/*.chaos.ts'],
    environment: 'node',
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
