import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run screenshots`: the README's screens, taken by a browser against the real server with the
 * demo data (the same server the e2e flows start). Not part of `npm test`.
 */
export default defineConfig({
  ...base,
  testDir: './scripts/screens',
  workers: 1,
  retries: 0,
});
