import { DEFAULT_HOT_SHARDS } from '@exchange/domain';
import { z } from 'zod';

/**
 * The house's liquidity and the matching loop's limits: their environment variables (spread into
 * config.ts's env schema, so they are documented and parsed with the rest) and their typed settings.
 */
export const tradingEnv = {
  HOUSE_LIQUIDITY: z.enum(['on', 'off']).optional(),
  HOUSE_LIQUIDITY_INTERVAL_MS: z.coerce.number().int().min(250).default(5000),
  HOUSE_MAX_EXPOSURE_USD: z.coerce.number().int().positive().default(1_000_000),
  MAX_OPEN_ORDERS_PER_MARKET: z.coerce.number().int().min(1).max(100_000).default(200),
  MARKET_BATCH_MAX: z.coerce.number().int().min(1).max(1_000).default(64),
  LEDGER_HOT_SHARDS: z.coerce.number().int().min(1).max(256).default(DEFAULT_HOT_SHARDS),
};

type TradingEnv = z.output<z.ZodObject<typeof tradingEnv>>;

export interface TradingConfig {
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
}

export function tradingConfig(env: TradingEnv, testing: boolean): TradingConfig {
  return {
    houseLiquidity: env.HOUSE_LIQUIDITY ? env.HOUSE_LIQUIDITY === 'on' : !testing,
    houseLiquidityIntervalMs: env.HOUSE_LIQUIDITY_INTERVAL_MS,
    houseMaxExposureCents: BigInt(env.HOUSE_MAX_EXPOSURE_USD) * 100n,
    maxOpenOrdersPerMarket: env.MAX_OPEN_ORDERS_PER_MARKET,
    marketBatchMax: env.MARKET_BATCH_MAX,
    ledgerHotShards: env.LEDGER_HOT_SHARDS,
  };
}
