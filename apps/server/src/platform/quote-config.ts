import { z } from 'zod';
import { type NftConfig, nftConfig, nftEnv } from './chain/nft-config';

/**
 * The house's quote settings (instant and swap quotes): their environment variables (spread into
 * config.ts's env schema, so they are documented and parsed with the rest) and their typed settings.
 */
export const quoteEnv = {
  INSTANT_FEE_BPS: z.coerce.number().int().min(0).max(1000).default(10),
  INSTANT_QUOTE_TTL_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
  SWAP_PRICE_TOLERANCE_BPS: z.coerce.number().int().min(0).max(1000).default(50),
  ...nftEnv,
};

type QuoteEnv = { [K in keyof typeof quoteEnv]: z.output<(typeof quoteEnv)[K]> };

export interface QuoteConfig extends NftConfig {
  /** Instant (USD) trading: fee in basis points of the cost (default 10 = 0.1%) and quote lifetime. */
  readonly instantFeeBps: bigint;
  readonly instantQuoteTtlSeconds: number;
  /**
   * How far (bps of the quoted rate) the reference rate may move against the house between a swap or
   * MULTI quote and its execution before the execution is refused (default 50 = 0.5%).
   */
  readonly swapPriceToleranceBps: bigint;
}

export function quoteConfig(env: QuoteEnv): QuoteConfig {
  return {
    instantFeeBps: BigInt(env.INSTANT_FEE_BPS),
    instantQuoteTtlSeconds: env.INSTANT_QUOTE_TTL_SECONDS,
    swapPriceToleranceBps: BigInt(env.SWAP_PRICE_TOLERANCE_BPS),
    ...nftConfig(env),
  };
}
