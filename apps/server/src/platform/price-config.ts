import { z } from 'zod';

/**
 * The reference price feed: its environment variables (spread into config.ts's env schema, so they
 * are documented and parsed with the rest) and their typed settings.
 */
export const priceEnv = {
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
};

type PriceEnv = z.output<z.ZodObject<typeof priceEnv>>;

export interface PriceConfig {
  readonly priceFeed: PriceEnv['PRICE_FEED'];
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
}

export function priceConfig(env: PriceEnv): PriceConfig {
  return {
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
  };
}
