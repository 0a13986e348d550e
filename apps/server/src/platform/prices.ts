import type { AssetCode, PricePoint } from '@exchange/domain';

/**
 * Where the rest of the server reads reference prices. The market-data feature implements it from a
 * price feed (simulated, CoinGecko or Binance); tests pass a fixed table.
 */
export interface PriceSource {
  /** The newest known price, or undefined if the asset has none yet. Callers check staleness. */
  latest(asset: AssetCode): PricePoint | undefined;
}

/** A fixed table of prices, observed at the given clock's instant; for tests and tools. */
export function fixedPrices(table: Partial<Record<AssetCode, bigint>>, now: () => Date): PriceSource {
  return {
    latest(asset) {
      const usd = table[asset];
      return usd === undefined ? undefined : { asset, usd, at: now() };
    },
  };
}
