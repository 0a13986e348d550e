import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertProductionReady, type Config, loadConfig, PAYPAL_LIVE_URL } from './config';

/** Safe defaults on a fresh start, and what production refuses. */

const dirs: string[] = [];
function freshDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'exchange-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SECRET_A = 'a'.repeat(40);
const SECRET_B = 'b'.repeat(40);

/** Everything production needs, with PayPal live; each test breaks one thing. */
const PRODUCTION: Record<string, string> = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u:p@db:5432/exchange',
  JWT_SECRET: SECRET_A,
  OTP_HMAC_KEY: SECRET_B,
  SMTP_URL: 'smtp://mail.example.com:587',
  PAYMENT_PROVIDER: 'paypal',
  PAYPAL_BASE_URL: PAYPAL_LIVE_URL,
  PAYPAL_CLIENT_ID: 'client',
  PAYPAL_CLIENT_SECRET: 'secret',
  PAYPAL_WEBHOOK_ID: 'webhook',
  PRICE_FEED: 'coingecko',
};

function productionWithout(...names: string[]): Record<string, string> {
  const env = { ...PRODUCTION };
  for (const name of names) delete env[name];
  return env;
}

describe('embedded defaults', () => {
  it('listens on 127.0.0.1 unless HOST is set', () => {
    const dataDir = freshDataDir();
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('makes up the JWT secret and the OTP key on the first start and keeps them in the data directory', () => {
    const dataDir = freshDataDir();
    const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.otpHmacKey.length).toBeGreaterThanOrEqual(32);
    expect(first.otpHmacKey).not.toBe(first.jwtSecret);
    const file = path.join(dataDir, 'secrets', 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o077).toBe(0);

    const again = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(again.jwtSecret).toBe(first.jwtSecret);
    expect(again.otpHmacKey).toBe(first.otpHmacKey);

    const elsewhere = loadConfig({ NODE_ENV: 'development', DATA_DIR: freshDataDir() });
    expect(elsewhere.jwtSecret).not.toBe(first.jwtSecret);
  });

  it('keeps only the secrets folder private: a new data directory stays reachable for the embedded PostgreSQL', () => {
    const dataDir = path.join(freshDataDir(), 'data');
    loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(statSync(path.join(dataDir, 'secrets')).mode & 0o077).toBe(0);
    expect(statSync(dataDir).mode & 0o005).toBe(0o005);
  });

  it('takes the secrets from the environment when given, and never writes them', () => {
    const dataDir = freshDataDir();
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, JWT_SECRET: SECRET_A });
    expect(config.jwtSecret).toBe(SECRET_A);
    expect(() => statSync(path.join(dataDir, 'secrets', 'jwt-secret'))).toThrow();
  });
});

describe('assertProductionReady', () => {
  it('accepts a complete production setup', () => {
    expect(() => loadConfig(PRODUCTION)).not.toThrow();
    expect(loadConfig(PRODUCTION).host).toBe('127.0.0.1');
  });

  it('keeps the metrics and the API reference closed in production, open elsewhere', () => {
    const production = loadConfig(PRODUCTION);
    expect(production.metricsPublic).toBe(false);
    expect(production.apiDocs).toBe(false);
    expect(loadConfig({ ...PRODUCTION, API_DOCS: 'on' }).apiDocs).toBe(true);
    expect(() => loadConfig({ ...PRODUCTION, METRICS_PUBLIC: 'on' })).toThrow(/METRICS_PUBLIC: must be off/);
    const development = loadConfig({ NODE_ENV: 'development', DATA_DIR: freshDataDir() });
    expect(development.metricsPublic).toBe(true);
    expect(development.apiDocs).toBe(true);
  });

  it.each([
    ['JWT_SECRET', /JWT_SECRET: is required/],
    ['OTP_HMAC_KEY', /OTP_HMAC_KEY: is required/],
    ['DATABASE_URL', /DATABASE_URL: is required/],
    ['SMTP_URL', /SMTP_URL: is required/],
    ['PAYPAL_CLIENT_ID', /PAYPAL_CLIENT_ID: is required/],
    ['PAYPAL_CLIENT_SECRET', /PAYPAL_CLIENT_SECRET: is required/],
    ['PAYPAL_WEBHOOK_ID', /PAYPAL_WEBHOOK_ID: is required/],
    ['PAYPAL_BASE_URL', /PAYPAL_BASE_URL: must be the live API/],
  ])('refuses to start without %s', (name, problem) => {
    expect(() => loadConfig(productionWithout(name))).toThrow(problem);
  });

  it('refuses the PayPal sandbox URL, one key for both secrets and every demo part', () => {
    expect(() => loadConfig({ ...PRODUCTION, PAYPAL_BASE_URL: 'https://api-m.sandbox.paypal.com' })).toThrow(
      /PAYPAL_BASE_URL: must be the live API/,
    );
    expect(() => loadConfig({ ...PRODUCTION, OTP_HMAC_KEY: SECRET_A })).toThrow(/must differ/);
    expect(() => loadConfig({ ...PRODUCTION, DEV_MAILBOX: 'on' })).toThrow(/DEV_MAILBOX: must be off/);
    expect(() => loadConfig({ ...PRODUCTION, SEED_DEMO: 'on' })).toThrow(/SEED_DEMO: must be off/);
    expect(() => loadConfig({ ...PRODUCTION, PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      /PAYMENT_PROVIDER: the sandbox provider/,
    );
    expect(() => loadConfig({ ...PRODUCTION, PRICE_FEED: 'simulated' })).toThrow(
      /PRICE_FEED: the simulated feed/,
    );
  });

  it('lists every problem at once', () => {
    const config: Config = { ...loadConfig(PRODUCTION), jwtSecret: '', smtpUrl: undefined };
    expect(() => assertProductionReady(config)).toThrow(
      /JWT_SECRET: is required[\s\S]*SMTP_URL: is required/,
    );
  });

  it('never writes a secret file in production', () => {
    const dataDir = freshDataDir();
    expect(() => loadConfig({ ...productionWithout('JWT_SECRET'), DATA_DIR: dataDir })).toThrow();
    expect(() => statSync(path.join(dataDir, 'secrets'))).toThrow();
  });
});
