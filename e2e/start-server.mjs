// Starts the real server for the browser flows on a fresh data directory, so every run begins from
// the same demo data. The web app must already be built (npm run test:e2e builds it first).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const port = process.env.E2E_PORT ?? '8181';
const dataDir = path.resolve(`data/e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? '54339',
    LOG_LEVEL: 'warn',
    E2E: 'on',
    // Every answer the browser flows receive is checked against its zod contract as well.
    RESPONSE_CHECK: 'on',
    // Every browser flow signs in from 127.0.0.1, and most as alice or the admin (on a quick machine
    // more than ten a minute); the per-address and per-account limits are tested in the server suite.
    AUTH_LIMIT_IP_PER_MINUTE: '1000',
    AUTH_LIMIT_ACCOUNT_PER_MINUTE: '1000',
    AUTH_MAIL_LIMIT_IP_PER_MINUTE: '1000',
    AUTH_MAIL_LIMIT_ACCOUNT_PER_MINUTE: '20',
    // The withdrawal pause after a security change is left at its default (24 h): flows that
    // withdraw show it, then let a day pass for their customer (e2e/support/time-passes.ts).
    ...(process.env.E2E_WEB_DIST ? { WEB_DIST: path.resolve(process.env.E2E_WEB_DIST) } : {}),
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
