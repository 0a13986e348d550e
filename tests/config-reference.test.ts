import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  envExampleDifferences,
  renderConfigReference,
  renderEnvExample,
  SECRET_SETTINGS,
  withConfigReference,
} from '../apps/server/src/config-reference';
import { ConfigError, loadConfig } from '../apps/server/src/platform/config';

const operations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/operations.md');
const envExample = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.env.example');

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

describe('.env.example', () => {
  it('lists every setting with its default and sentence, as the schema has them (npm run docs:config)', () => {
    expect(envExampleDifferences(readFileSync(envExample, 'utf8'), renderEnvExample())).toEqual([]);
  });

  it('has one line per setting the server and the signer read, production secrets marked', () => {
    const example = renderEnvExample();
    for (const name of [
      'CHAIN_RPC_URL',
      'WITHDRAWAL_USD_FEE',
      'BINANCE_API_WEIGHT_PER_MINUTE_KEY',
      'SIGNER_MNEMONIC',
    ])
      expect(example.split('\n').filter((line) => line.startsWith(`# ${name}=`))).toHaveLength(1);
    expect(example).toContain('# PORT=8080  # The one port');
    expect(example).toContain('# MAIL_FROM="Exchange <no-reply@example.com>"  #');
    for (const name of SECRET_SETTINGS)
      expect(example).toMatch(new RegExp(`^# ${name}=  # (\\[production\\] )?\\[secret\\]`, 'm'));
    expect(example).toMatch(/^# JWT_SECRET= {2}# \[production\] \[secret\] /m);
  });

  it('reports a changed, a missing and an extra line (the comparator fails on a made-up file)', () => {
    const expected = renderEnvExample();
    const lines = expected.split('\n');
    const changed = lines
      .map((line) => (line.startsWith('# PORT=') ? '# PORT=9090  # mine' : line))
      .join('\n');
    const at = lines.findIndex((line) => line.startsWith('# PORT=')) + 1;
    expect(envExampleDifferences(changed, expected)).toEqual([
      `line ${at}: expected ${JSON.stringify(lines[at - 1])}, found "# PORT=9090  # mine"`,
    ]);
    const without = lines.filter((line) => !line.startsWith('# SHUTDOWN_TIMEOUT_MS=')).join('\n');
    expect(envExampleDifferences(without, expected).length).toBeGreaterThan(0);
    expect(envExampleDifferences(`${expected}# EXTRA=1`, expected)).toEqual([
      `line ${lines.length}: expected "", found "# EXTRA=1"`,
    ]);
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
