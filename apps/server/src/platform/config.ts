import path from 'node:path';
import { DEFAULT_HOT_SHARDS, getAsset, parseDecimal } from '@exchange/domain';
import { z } from 'zod';
import { type ChainConfig, chainConfig, chainEnv, chainProductionProblems } from './chain/chain-config';
import { type ChainSweepSettings, chainSweepConfig, chainSweepEnv } from './chain/chain-sweep-config';
import type { DbLimits } from './db';
import { type DepositHoldConfig, depositHoldConfig, depositHoldEnv } from './deposit-hold-config';
import { type LogSettings, logConfig, logEnv } from './logger';
import { type QuoteConfig, quoteConfig, quoteEnv } from './quote-config';
import { type RateLimitConfig, rateLimitConfig, rateLimitEnv } from './rate-limit-config';
import { persistentSecret, randomSecret } from './secrets';
import { type WithdrawalSettings, withdrawalConfig, withdrawalEnv } from './withdrawal-config';

/**
 * All configuration comes from environment variables (documented in .env.example). Embedded mode is
 * the default and safe on a fresh start: it listens on 127.0.0.1 only and makes up its own secrets in
 * the data directory; production refuses to start without real secrets or with sandbox parts on.
 */

/** The only PayPal API host that moves real money; production with PayPal must use it. */
export const PAYPAL_LIVE_URL = 'https://api-m.paypal.com';

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  RESPONSE_CHECK: z.enum(['on', 'off']).optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
  EMBEDDED_PG_STATEMENT_STATS: z.enum(['on', 'off']).default('off'),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  DB_POOL_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  JWT_SECRET: z.string().min(32).optional(),
  OTP_HMAC_KEY: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Exchange <no-reply@example.com>'),
  DEV_MAILBOX: z.enum(['on', 'off']).optional(),
  PRICE_FEED: z.enum(['simulated', 'coingecko', 'binance']).default('simulated'),
  PRICE_STALE_AFTER_SECONDS: z.coerce.number().int().positive().default(30),
  PRICE_MAX_JUMP_PERCENT: z.coerce.number().int().min(1).max(1000).default(20),
  PRICE_JUMP_CONFIRM_TICKS: z.coerce.number().int().min(1).max(100).default(3),
  PRICE_TICK_MS: z.coerce.number().int().min(250).default(3000),
  PRICE_SIM_SEED: z.coerce.number().int().default(20230101),
  COINGECKO_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.coingecko.com'),
  COINGECKO_API_KEY: z.string().optional(),
  BINANCE_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.binance.com'),
  PRICE_HTTP_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  PRICE_HTTP_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'paypal']).default('sandbox'),
  PAYPAL_BASE_URL: z.string().default('https://api-m.sandbox.paypal.com'),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  ...rateLimitEnv,
  ...depositHoldEnv,
  ...chainEnv,
  ...chainSweepEnv,
  ...withdrawalEnv,
  SEED_DEMO: z.enum(['on', 'off']).optional(),
  ...quoteEnv,
  HOUSE_LIQUIDITY: z.enum(['on', 'off']).optional(),
  HOUSE_LIQUIDITY_INTERVAL_MS: z.coerce.number().int().min(250).default(5000),
  HOUSE_MAX_EXPOSURE_USD: z.coerce.number().int().positive().default(1_000_000),
  MAX_OPEN_ORDERS_PER_MARKET: z.coerce.number().int().min(1).max(100_000).default(200),
  MARKET_BATCH_MAX: z.coerce.number().int().min(1).max(1_000).default(64),
  LEDGER_HOT_SHARDS: z.coerce.number().int().min(1).max(256).default(DEFAULT_HOT_SHARDS),
  WEB_DIST: z.string().optional(),
  REFERRAL_REWARD: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,8})?$/, 'REFERRAL_REWARD must be a decimal amount of USDT')
    .default('10'),
  STORAGE: z.enum(['data', 's3']).default('data'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['on', 'off']).default('off'),
  ...logEnv,
  LEDGER_CHECK_INTERVAL_SECONDS: z.coerce.number().int().min(10).default(300),
  METRICS_TOKEN: z.string().min(16).optional(),
  METRICS_PUBLIC: z.enum(['on', 'off']).optional(),
  API_DOCS: z.enum(['on', 'off']).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(25_000),
});

export type Env = z.infer<typeof envSchema>;

/** Every setting; the rate-limit budgets and the quote settings are in rate-limit-config.ts and quote-config.ts. */
export interface Config extends ChainConfig, RateLimitConfig, QuoteConfig, DepositHoldConfig, LogSettings {
  readonly chainSweeps: ChainSweepSettings;
  readonly env: Env['NODE_ENV'];
  readonly port: number;
  readonly host: string;
  /** Validate every answer with its zod contract as well as writing it compiled (platform/response-serializer.ts). */
  readonly responseCheck: boolean;
  readonly dataDir: string;
  /** Undefined means: start embedded PostgreSQL under dataDir/pg. */
  readonly databaseUrl: string | undefined;
  readonly embeddedPgPort: number;
  /** Load pg_stat_statements into the embedded cluster (for profiling; `npm run bench:http` reads it). */
  readonly embeddedPgStatementStats: boolean;
  /** Per-session database limits (platform/db.ts); 0 switches one off. */
  readonly dbLimits: DbLimits;
  /** Signs access tokens. Empty only in production without JWT_SECRET, which refuses to start. */
  readonly jwtSecret: string;
  /** Keys the HMAC of stored one-time codes; separate from the JWT secret so one leak is not both. */
  readonly otpHmacKey: string;
  readonly accessTokenTtlSeconds: number;
  readonly refreshTokenTtlDays: number;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly devMailbox: boolean;
  readonly priceFeed: Env['PRICE_FEED'];
  readonly priceStaleAfterSeconds: number;
  /**
   * The tick screen (domain `screenPriceTick`): a move larger than maxJumpBps from the last good price
   * is held back until confirmTicks consecutive ticks agree on the new level.
   */
  readonly priceJump: { readonly maxJumpBps: bigint; readonly confirmTicks: number };
  /** How often the price feed ticks (simulated step or provider poll). */
  readonly priceTickMs: number;
  /** Seed of the simulated feed's random walk, so a run can be replayed. */
  readonly priceSimSeed: number;
  /** The public REST providers: only these base URLs' hosts are ever contacted. */
  readonly priceHttp: {
    readonly coingeckoBaseUrl: string;
    readonly coingeckoApiKey: string | undefined;
    readonly binanceBaseUrl: string;
    readonly timeoutMs: number;
    readonly retries: number;
  };
  readonly paymentProvider: Env['PAYMENT_PROVIDER'];
  readonly paypal: { baseUrl: string; clientId?: string; clientSecret?: string; webhookId?: string };
  readonly withdrawals: WithdrawalSettings;
  /** Value for fastify's trustProxy: unset means X-Forwarded-For is ignored. */
  readonly trustProxy: string | undefined;
  readonly seedDemo: boolean;
  /** Whether the house quotes resting orders around the reference price (on by default, off in tests). */
  readonly houseLiquidity: boolean;
  readonly houseLiquidityIntervalMs: number;
  /**
   * The most the house's position in one coin may be worth, in USD cents, before it stops quoting the
   * side that would add to it (ladder orders and instant trades alike).
   */
  readonly houseMaxExposureCents: bigint;
  /** How many open limit orders one user may have on one market. */
  readonly maxOpenOrdersPerMarket: number;
  /** How many waiting commands the matching loop commits in one transaction, all markets together (1: no group commit). */
  readonly marketBatchMax: number;
  /** How many sub-accounts per asset house inventory and fee postings spread over (1: one row). */
  readonly ledgerHotShards: number;
  /** How often one process recomputes the ledger for the exchange_ledger_consistent metric. */
  readonly ledgerCheckIntervalSeconds: number;
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  readonly metricsToken: string | undefined;
  /** GET /metrics without METRICS_TOKEN answers anyone (default outside production) or 404. */
  readonly metricsPublic: boolean;
  /** The OpenAPI reference at /api/docs (default on outside production, off in it). */
  readonly apiDocs: boolean;
  /** How long a SIGTERM waits for in-flight work before the process exits anyway. */
  readonly shutdownTimeoutMs: number;
  /** Where the built web app is; defaults to apps/web/dist. */
  readonly webDist: string | undefined;
  /**
   * What a referrer earns when a user who signed up with their code passes KYC: minor units of
   * USDT (default 10 USDT), fixed on the referral when the referred user signs up.
   */
  readonly referralReward: { readonly asset: 'USDT'; readonly amount: bigint };
  /**
   * Where uploaded images go: the data directory (DATA_DIR/uploads, one machine) or an S3-compatible
   * bucket that several server processes share. S3 credentials come from the SDK's usual environment
   * variables (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY), never from this file.
   */
  readonly storage:
    | { readonly kind: 'data'; readonly dir: string }
    | {
        readonly kind: 's3';
        readonly bucket: string;
        readonly region: string;
        readonly endpoint: string | undefined;
        readonly forcePathStyle: boolean;
      };
}

/** A configuration the server refuses to start with: one line per setting to fix. */
export class ConfigError extends Error {
  constructor(
    readonly problems: readonly string[],
    heading: string,
  ) {
    super(`${heading}\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(problems, 'invalid configuration (see docs/operations.md):');
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  // Production takes its secrets from the environment (several processes must share them); tests get
  // fresh ones per process; embedded mode keeps the ones it made up on its first start.
  const secret = (given: string | undefined, name: string): string => {
    if (given) return given;
    if (production) return '';
    if (env.NODE_ENV === 'test') return randomSecret();
    return persistentSecret(env.DATA_DIR, name);
  };
  const config: Config = {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    responseCheck: env.RESPONSE_CHECK ? env.RESPONSE_CHECK === 'on' : env.NODE_ENV === 'test',
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    embeddedPgPort: env.EMBEDDED_PG_PORT,
    embeddedPgStatementStats: env.EMBEDDED_PG_STATEMENT_STATS === 'on',
    dbLimits: {
      statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
      lockTimeoutMs: env.DB_LOCK_TIMEOUT_MS,
      idleInTransactionTimeoutMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      acquireTimeoutMs: env.DB_POOL_ACQUIRE_TIMEOUT_MS,
    },
    jwtSecret: secret(env.JWT_SECRET, 'jwt-secret'),
    otpHmacKey: secret(env.OTP_HMAC_KEY, 'otp-hmac-key'),
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    devMailbox: env.DEV_MAILBOX ? env.DEV_MAILBOX === 'on' : !production,
    priceFeed: env.PRICE_FEED,
    priceStaleAfterSeconds: env.PRICE_STALE_AFTER_SECONDS,
    priceJump: {
      maxJumpBps: BigInt(env.PRICE_MAX_JUMP_PERCENT) * 100n,
      confirmTicks: env.PRICE_JUMP_CONFIRM_TICKS,
    },
    priceTickMs: env.PRICE_TICK_MS,
    priceSimSeed: env.PRICE_SIM_SEED,
    priceHttp: {
      coingeckoBaseUrl: env.COINGECKO_BASE_URL,
      coingeckoApiKey: env.COINGECKO_API_KEY,
      binanceBaseUrl: env.BINANCE_BASE_URL,
      timeoutMs: env.PRICE_HTTP_TIMEOUT_MS,
      retries: env.PRICE_HTTP_RETRIES,
    },
    paymentProvider: env.PAYMENT_PROVIDER,
    paypal: {
      baseUrl: env.PAYPAL_BASE_URL,
      clientId: env.PAYPAL_CLIENT_ID,
      clientSecret: env.PAYPAL_CLIENT_SECRET,
      webhookId: env.PAYPAL_WEBHOOK_ID,
    },
    trustProxy: env.TRUST_PROXY,
    ...rateLimitConfig(env),
    ...depositHoldConfig(env),
    ...chainConfig(env, (name) => persistentSecret(env.DATA_DIR, name)),
    ...chainSweepConfig(env),
    ...withdrawalConfig(env),
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === 'on' : !production,
    ...quoteConfig(env),
    houseLiquidity: env.HOUSE_LIQUIDITY ? env.HOUSE_LIQUIDITY === 'on' : env.NODE_ENV !== 'test',
    houseLiquidityIntervalMs: env.HOUSE_LIQUIDITY_INTERVAL_MS,
    houseMaxExposureCents: BigInt(env.HOUSE_MAX_EXPOSURE_USD) * 100n,
    maxOpenOrdersPerMarket: env.MAX_OPEN_ORDERS_PER_MARKET,
    marketBatchMax: env.MARKET_BATCH_MAX,
    ledgerHotShards: env.LEDGER_HOT_SHARDS,
    ...logConfig(env),
    ledgerCheckIntervalSeconds: env.LEDGER_CHECK_INTERVAL_SECONDS,
    metricsToken: env.METRICS_TOKEN,
    metricsPublic: env.METRICS_PUBLIC ? env.METRICS_PUBLIC === 'on' : !production,
    apiDocs: env.API_DOCS ? env.API_DOCS === 'on' : !production,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    webDist: env.WEB_DIST,
    referralReward: { asset: 'USDT', amount: parseReferralReward(env.REFERRAL_REWARD) },
    storage:
      env.STORAGE === 's3'
        ? {
            kind: 's3',
            bucket: env.S3_BUCKET ?? '',
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            forcePathStyle: env.S3_FORCE_PATH_STYLE === 'on',
          }
        : { kind: 'data', dir: path.join(env.DATA_DIR, 'uploads') },
  };
  if (config.storage.kind === 's3' && !config.storage.bucket)
    throw new ConfigError(['S3_BUCKET: STORAGE=s3 needs a bucket name'], 'invalid configuration:');
  if (production) assertProductionReady(config, env);
  return config;
}

/** The reward in USDT minor units; the schema already checked the text's shape. */
function parseReferralReward(text: string): bigint {
  const amount = parseDecimal(text, getAsset('USDT').scale);
  if (amount === null) throw new Error('REFERRAL_REWARD must be a decimal amount of USDT');
  return amount;
}

/**
 * Production must not run without its own secrets, on demo parts, or with PayPal half set up. Every
 * problem is named with its setting, all at once, so an operator fixes the environment in one go.
 */
export function assertProductionReady(config: Config, env: { CHAIN_MNEMONIC?: string } = {}): void {
  const problems: string[] = [];
  if (config.jwtSecret.length < 32) problems.push('JWT_SECRET: is required (32+ random characters)');
  if (config.otpHmacKey.length < 32) problems.push('OTP_HMAC_KEY: is required (32+ random characters)');
  if (config.otpHmacKey && config.otpHmacKey === config.jwtSecret)
    problems.push('OTP_HMAC_KEY: must differ from JWT_SECRET');
  if (!config.databaseUrl)
    problems.push('DATABASE_URL: is required (the embedded PostgreSQL is for trying the product only)');
  if (!config.smtpUrl) problems.push('SMTP_URL: is required, or no sign-up code or reset mail is sent');
  if (config.devMailbox) problems.push("DEV_MAILBOX: must be off (it shows everyone's mail)");
  if (config.seedDemo) problems.push('SEED_DEMO: must be off (it creates accounts with known passwords)');
  if (config.paymentProvider === 'sandbox')
    problems.push('PAYMENT_PROVIDER: the sandbox provider credits money for nothing; use paypal');
  if (config.paymentProvider === 'paypal') {
    const { paypal } = config;
    if (!paypal.clientId) problems.push('PAYPAL_CLIENT_ID: is required with PAYMENT_PROVIDER=paypal');
    if (!paypal.clientSecret) problems.push('PAYPAL_CLIENT_SECRET: is required with PAYMENT_PROVIDER=paypal');
    if (!paypal.webhookId)
      problems.push('PAYPAL_WEBHOOK_ID: is required to verify PayPal webhooks with PAYMENT_PROVIDER=paypal');
    if (paypal.baseUrl.replace(/\/+$/, '') !== PAYPAL_LIVE_URL)
      problems.push(`PAYPAL_BASE_URL: must be the live API (${PAYPAL_LIVE_URL})`);
  }
  if (config.priceFeed === 'simulated')
    problems.push('PRICE_FEED: the simulated feed invents prices; use coingecko or binance');
  if (config.metricsPublic)
    problems.push('METRICS_PUBLIC: must be off (set METRICS_TOKEN for the scraper instead)');
  problems.push(...chainProductionProblems(config, env));
  if (problems.length > 0) throw new ConfigError(problems, 'refusing to start in production:');
}
