import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One worker on our 2-core machines (vitest's default there): the server files share the run's one
    // development chain (test/test-chain.ts), and tests that count confirmations on it read wrong when a
    // second worker mines blocks at the same time. Two workers wait for those tests to own their chains.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 1),
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/*/src/**/*.test.ts', 'tests/**/*.test.ts'],
          environment: 'node',
          // The property tests run thousands of cases: CPU-bound, slow on a busy machine, never timed.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // Server files share one module graph per worker: each builds its own app and database, and
          // importing the app's ~400 modules once per worker instead of once per file saves minutes.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // jsdom renders are CPU-bound: on a busy 2-core machine a screen test can take seconds, and a
          // timeout there says nothing about the screen. Tests never assert timings.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
