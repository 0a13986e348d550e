import { defineConfig, devices } from '@playwright/test';

/**
 * Flows run in Debian's chromium against the real server (built web app, embedded PostgreSQL in a
 * fresh data directory, demo data seeded), exactly as `npm start` runs it.
 */
const PORT = Number(process.env.E2E_PORT ?? 8181);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  // A whole flow's budget, not a measure: a long single-actor flow (sign-up, profile, a picture, axe on
  // three screens) took over a minute on a 2-core machine with both cores loaded by stress-ng.
  timeout: 180_000,
  // A step's wait: long enough for a sign-in (argon2) or a server round on a loaded 2-core machine.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node e2e/start-server.mjs',
    url: `http://127.0.0.1:${PORT}/api/v1/health`,
    // A fresh PostgreSQL, three hardhat networks and a Litecoin node start before the first answer: on an
    // idle machine about 15 s, on a loaded 2-core one two minutes and more.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { PORT: String(PORT), E2E_PORT: String(PORT), E2E_PG_PORT: String(PORT + 46_000) },
  },
});
