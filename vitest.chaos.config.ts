import { defineConfig } from 'vitest/config';

/**
 * `npm run test:chaos`: the chaos loop only (real server processes killed under load), kept out of
 * `npm test` because it runs for minutes. It starts its own embedded PostgreSQL, since it stops and
 * restarts it mid-run.
 */
export default defineConfig({
  test: {
    include: ['apps/server/src/test/chaos/**/*.chaos.ts'],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
