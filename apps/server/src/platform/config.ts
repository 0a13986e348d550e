import { getAsset, parseDecimal } from '@exchange/domain';
import { z } from 'zod';
import { type AuthConfig, authConfig, authEnv } from './auth-config';
import { type ChainConfig, chainConfig, chainEnv, chainProductionProblems } from './chain/chain-config';
import { type ChainSweepSettings, chainSweepConfig, chainSweepEnv } from './chain/chain-sweep-config';
import { type DatabaseConfig, databaseConfig, databaseEnv } from './database-config';
import { type DepositHoldConfig, depositHoldConfig, depositHoldEnv } from './deposit-hold-config';
import { type LogSettings, logConfig, logEnv } from './logger';
import { type MailConfig, mailConfig, mailEnv } from './mail-config';
import { type MonitoringConfig, monitoringConfig, monitoringEnv } from './monitoring-config';
import { type PaymentConfig, paymentConfig, paymentEnv, paymentProductionProblems } from './payment-config';
import { type PriceConfig, priceConfig, priceEnv } from './price-config';
import { type QuoteConfig, quoteConfig, quoteEnv } from './quote-config';
import { type RateLimitConfig, rateLimitConfig, rateLimitEnv } from './rate-limit-config';
import { type ReservesConfig, reservesConfig, reservesEnv } from './reserves-config';
import { persistentSecret, randomSecret } from './secrets';
import { type StorageConfig, storageConfig, storageEnv } from './storage-config';
import { type TradingConfig, tradingConfig, tradingEnv } from './trading-config';
import { type WithdrawalSettings, withdrawalConfig, withdrawalEnv } from './withdrawal-config';

export { PAYPAL_LIVE_URL } from './payment-config';

/**
 * All configuration comes from environment variables (documented in .env.example). Embedded mode is
 * the default and safe on a fresh start: it listens on 127.0.0.1 only and makes up its own secrets in
 * the data directory; production refuses to start without real secrets or with sandbox parts on.
 *
 * Each area's variables and settings are in its own *-config.ts; this file puts them together in the
 * schema's order (the order docs/operations.md and .env.example list them in) and holds the few that
 * belong to the process as a whole.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  RESPONSE_CHECK: z.enum(['on', 'off']).optional(),
  DATA_DIR: z.string().default('./data'),
  ...databaseEnv,
  ...authEnv,
  ...mailEnv,
  ...priceEnv,
  ...paymentEnv,
  TRUST_PROXY: z.string().optional(),
  ...rateLimitEnv,
  ...depositHoldEnv,
  ...chainEnv,
  ...chainSweepEnv,
  ...withdrawalEnv,
  ...reservesEnv,
  SEED_DEMO: z.enum(['on', 'off']).optional(),
  ...quoteEnv,
  ...tradingEnv,
  WEB_DIST: z.string().optional(),
  REFERRAL_REWARD: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,8})?$/, 'REFERRAL_REWARD must be a decimal amount of USDT')
    .default('10'),
  ...storageEnv,
  ...logEnv,
  ...monitoringEnv,
  API_DOCS: z.enum(['on', 'off']).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(25_000),
});

export type Env = z.infer<typeof envSchema>;

/** Every setting: each area's from its *-config.ts, and those of the process as a whole. */
export interface Config
  extends DatabaseConfig,
    AuthConfig,
    MailConfig,
    PriceConfig,
    PaymentConfig,
    ChainConfig,
    RateLimitConfig,
    QuoteConfig,
    DepositHoldConfig,
    TradingConfig,
    ReservesConfig,
    StorageConfig,
    LogSettings,
    MonitoringConfig {
  readonly chainSweeps: ChainSweepSettings;
  readonly env: Env['NODE_ENV'];
  readonly port: number;
  readonly host: string;
  /** Validate every answer with its zod contract as well as writing it compiled (platform/response-serializer.ts). */
  readonly responseCheck: boolean;
  readonly dataDir: string;
  readonly withdrawals: WithdrawalSettings;
  /** Value for fastify's trustProxy: unset means X-Forwarded-For is ignored. */
  readonly trustProxy: string | undefined;
  readonly seedDemo: boolean;
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
    ...databaseConfig(env),
    ...authConfig(env, secret),
    ...mailConfig(env, production),
    ...priceConfig(env),
    ...paymentConfig(env),
    trustProxy: env.TRUST_PROXY,
    ...rateLimitConfig(env),
    ...depositHoldConfig(env),
    ...chainConfig(env, (name) => persistentSecret(env.DATA_DIR, name)),
    ...chainSweepConfig(env),
    ...withdrawalConfig(env),
    ...reservesConfig(env),
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === 'on' : !production,
    ...quoteConfig(env),
    ...tradingConfig(env, env.NODE_ENV === 'test'),
    ...logConfig(env),
    ...monitoringConfig(env, production),
    apiDocs: env.API_DOCS ? env.API_DOCS === 'on' : !production,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    webDist: env.WEB_DIST,
    referralReward: { asset: 'USDT', amount: parseReferralReward(env.REFERRAL_REWARD) },
    ...storageConfig(env, env.DATA_DIR),
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
  problems.push(...paymentProductionProblems(config));
  if (config.priceFeed === 'simulated')
    problems.push('PRICE_FEED: the simulated feed invents prices; use coingecko or binance');
  if (config.metricsPublic)
    problems.push('METRICS_PUBLIC: must be off (set METRICS_TOKEN for the scraper instead)');
  problems.push(...chainProductionProblems(config, env));
  if (problems.length > 0) throw new ConfigError(problems, 'refusing to start in production:');
}
