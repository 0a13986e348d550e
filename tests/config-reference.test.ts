import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderConfigReference, withConfigReference } from '../apps/server/src/config-reference';
import { ConfigError, loadConfig } from '../apps/server/src/platform/config';

const operations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/operations.md');

describe('configuration reference', () => {
  it('docs/operations.md lists every setting as the schema has it (npm run docs:config)', () => {
    const document = readFileSync(operations, 'utf8');
    expect(withConfigReference(document)).toBe(document);
  });

  it('shows defaults and allowed values from the schema', () => {
    const table = renderConfigReference();
    expect(table).toContain('| `PORT` | `8080` |');
    expect(table).toContain('| `PRICE_FEED` | `simulated` | simulated \\| coingecko \\| binance |');
  });
});

describe('production start-up checks', () => {
  function problemsOf(env: Record<string, string>): readonly string[] {
    try {
      loadConfig({ NODE_ENV: 'production', ...env });
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  }

  it('names every missing or unsafe setting at once, one line each', () => {
    const problems = problemsOf({});
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'JWT_SECRET',
      'OTP_HMAC_KEY',
      'DATABASE_URL',
      'SMTP_URL',
      'PAYMENT_PROVIDER',
      'PRICE_FEED',
    ]);
  });

  it('asks for the PayPal credentials with the PayPal provider, and explicit demo parts are refused', () => {
    const problems = problemsOf({ PAYMENT_PROVIDER: 'paypal', DEV_MAILBOX: 'on', SEED_DEMO: 'on' });
    for (const name of [
      'PAYPAL_CLIENT_ID',
      'PAYPAL_CLIENT_SECRET',
      'PAYPAL_WEBHOOK_ID',
      'DEV_MAILBOX',
      'SEED_DEMO',
    ])
      expect(
        problems.some((p) => p.startsWith(`${name}:`)),
        name,
      ).toBe(true);
  });

  it('starts with a complete production environment', () => {
    expect(
      problemsOf({
        DATABASE_URL: 'postgres://exchange@db/exchange',
        JWT_SECRET: 'x'.repeat(40),
        OTP_HMAC_KEY: 'y'.repeat(40),
        SMTP_URL: 'smtp://mail:587',
        PAYMENT_PROVIDER: 'paypal',
        PAYPAL_CLIENT_ID: 'id',
        PAYPAL_CLIENT_SECRET: 'secret',
        PAYPAL_WEBHOOK_ID: 'hook',
        PAYPAL_BASE_URL: 'https://api-m.paypal.com',
        PRICE_FEED: 'coingecko',
      }),
    ).toEqual([]);
  });

  it('reports a malformed value with its setting name', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT: /);
  });
});
