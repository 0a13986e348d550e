import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import type { TradingRuntime } from '../features/trading/trading-runtime';
import { type AppContext, type AppDeps, createAppContext, type ZodApi } from '../platform/app-context';
import { HOT_WALLET_FUNDS } from '../platform/chain/dev-chain';
import { type Clock, systemClock } from '../platform/clock';
import { type Config, loadConfig } from '../platform/config';
import { connect, type Database } from '../platform/db';
import { createLogger } from '../platform/logger';
import { createMailer } from '../platform/mail/mailer';
import { fixedPrices } from '../platform/prices';
import type { RouteTable } from '../platform/route-access';
import { fundChainAddress } from './test-chain';

/** A fresh database cloned from the migrated template: every test file gets its own. */
export async function createTestDatabase(): Promise<Database & { name: string; url: string }> {
  const templateUrl = inject('pgTemplateUrl');
  const template = new URL(templateUrl);
  const templateName = template.pathname.slice(1);
  const name = `t_${randomBytes(6).toString('hex')}`;
  // The URL may carry a query (the embedded cluster's socket directory), so only its path is swapped.
  const onDatabase = (database: string) => {
    const url = new URL(templateUrl);
    url.pathname = `/${database}`;
    return url.toString();
  };
  const admin = new pg.Client({ connectionString: onDatabase('postgres') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${templateName}"`);
  } finally {
    await admin.end();
  }
  const url = onDatabase(name);
  return { ...connect(url), name, url };
}

/** Reference prices (USD per unit, 8 decimals) that tests can count on. */
export const TEST_PRICES = {
  BTC: 6_000_000_000_000n,
  ETH: 300_000_000_000n,
  BNB: 60_000_000_000n,
  USDT: 100_000_000n,
  USDC: 100_000_000n,
  BUSD: 100_000_000n,
  XRP: 50_000_000n,
  ADA: 40_000_000n,
  MATIC: 70_000_000n,
  DOT: 700_000_000n,
  LTC: 8_000_000_000n,
  MULTI: 200_000_000n,
} as const;

export interface TestApp {
  readonly app: ZodApi;
  readonly ctx: AppContext;
  /** The app's matching loop and house quotes, as the composition root built them. */
  readonly trading: TradingRuntime;
  /** Every route the app registered, with its declared access (see platform/route-access.ts). */
  readonly routes: RouteTable;
  readonly database: Database;
  /** Everything the app logged, as raw JSON lines. */
  readonly logLines: string[];
  /**
   * Resolves once the app's LISTEN connection has handed its handlers every notification committed
   * before the call (PostgreSQL delivers them in commit order; this sends one more and waits for it).
   * A test that needs a cache warmed after a change's notification, not before it, waits on this.
   */
  notificationsCaughtUp(): Promise<void>;
  close(): Promise<void>;
}

const CAUGHT_UP_CHANNEL = 'test_caught_up';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DEV_MAILBOX: 'on',
    SEED_DEMO: 'off',
    // Tests give users coins straight out of the house's inventory, which would soon pass the house
    // exposure cap; the tests of the cap set their own (features/trading/price-safety.test.ts).
    HOUSE_MAX_EXPOSURE_USD: '1000000000000',
    ...overrides,
  });
}

/** Builds the real app on a fresh database; pass deps to swap a part (a clock, a provider, ...). */
export async function createTestApp(
  options: { env?: Record<string, string>; clock?: Clock; deps?: Partial<AppDeps> } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const config = testConfig(options.env);
  const logger = createLogger('info', sink);
  const clock = options.clock ?? systemClock;
  const deps: AppDeps = {
    config,
    database,
    clock,
    logger,
    mailer: createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, logger }),
    prices: fixedPrices(TEST_PRICES, () => clock.now()),
    ...options.deps,
  };
  const base = createAppContext(deps);
  // An app on the run's chain gets a funded hot wallet (100 ETH, 1,000,000 test USDT), as `npm start` does.
  const onRunChain = deps.config.chains[0]?.rpcUrl === inject('chainRpcUrl');
  const hot = onRunChain ? deps.config.chainSigner?.address({ kind: 'hot' }) : undefined;
  if (hot) await fundChainAddress(hot, HOT_WALLET_FUNDS);
  const built = await buildApp(base);
  const { app, trading, routes } = built;
  const caughtUp = new Map<string, () => void>();
  built.listener.on(CAUGHT_UP_CHANNEL, (token) => caughtUp.get(token)?.());
  await app.ready();
  return {
    app,
    // The platform's context (the deps as given: no KYC approval effect added) with the app's wallet read.
    ctx: { ...base, walletOf: built.ctx.walletOf, chainSender: built.ctx.chainSender },
    trading,
    routes,
    database,
    logLines,
    async notificationsCaughtUp() {
      const token = randomBytes(8).toString('hex');
      const arrived = new Promise<void>((resolve) => caughtUp.set(token, resolve));
      // On the database the app runs on (a second app on another's is given it in deps).
      await deps.database.pool.query('SELECT pg_notify($1, $2)', [CAUGHT_UP_CHANNEL, token]);
      await arrived;
      caughtUp.delete(token);
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
