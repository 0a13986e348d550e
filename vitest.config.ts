import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { chainTestFiles } from './apps/server/src/test/chain-test-files';

const chainFiles = chainTestFiles(path.resolve(import.meta.dirname, 'apps/server/src')).map((file) =>
  path.relative(import.meta.dirname, file),
);
const serverTest = {
  environment: 'node' as const,
  globalSetup: ['apps/server/src/test/global-setup.ts'],
  // Server files share one module graph per worker: each builds its own app and database, and
  // importing the app's ~400 modules once per worker instead of once per file saves minutes.
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // Two workers on our 2-core machines: server files wait on PostgreSQL and chain nodes much of the
    // time. The files that use the run's one development chain (test/test-chain.ts) run one at a time in
    // their own project: a file counting confirmations reads wrong when another file mines a block at
    // the same time.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
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
          ...serverTest,
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: chainFiles,
        },
      },
      {
        test: {
          ...serverTest,
          name: 'server-chain',
          include: chainFiles,
          fileParallelism: false,
          // Vitest runs projects of different worker counts one group after the other. `npm run test:unit`
          // (scripts/test-unit.mjs) runs this project in its own process beside the others instead.
          sequence: { groupOrder: 1 },
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
