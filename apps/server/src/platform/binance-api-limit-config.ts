import { z } from 'zod';

/**
 * The Binance-compatible API's request-weight budgets (issue 39). Their environment variables are
 * spread into rate-limit-config.ts, and from there into config.ts's env schema, so they are documented
 * and parsed with the rest.
 */
export const binanceApiLimitEnv = {
  BINANCE_API_WEIGHT_PER_MINUTE_ADDRESS: z.coerce.number().int().positive().default(6000),
  BINANCE_API_WEIGHT_PER_MINUTE_KEY: z.coerce.number().int().positive().default(6000),
};

type BinanceApiLimitEnv = {
  [K in keyof typeof binanceApiLimitEnv]: z.output<(typeof binanceApiLimitEnv)[K]>;
};

/**
 * Request weight per minute, as Binance counts it (each endpoint costs its Binance weight), in the
 * shared PostgreSQL counters so every process spends one budget: per client network for every
 * request, and per API key for signed ones. Past either, 429 with Retry-After until the minute ends.
 */
export interface BinanceApiLimits {
  readonly weightPerMinutePerAddress: number;
  readonly weightPerMinutePerKey: number;
}

export function binanceApiLimits(env: BinanceApiLimitEnv): BinanceApiLimits {
  return {
    weightPerMinutePerAddress: env.BINANCE_API_WEIGHT_PER_MINUTE_ADDRESS,
    weightPerMinutePerKey: env.BINANCE_API_WEIGHT_PER_MINUTE_KEY,
  };
}
