import { messages } from '@exchange/contracts';
import { type AssetCode, isStale, PRICE_DECIMALS, type PricePoint } from '@exchange/domain';
import type { Clock } from './clock';
import { AppError } from './errors';

/**
 * Where the rest of the server reads reference prices. The market-data feature implements it from a
 * price feed (simulated, CoinGecko or Binance); tests pass a fixed table.
 */
export interface PriceSource {
  /** The newest known price, or undefined if the asset has none yet. Callers check staleness. */
  latest(asset: AssetCode): PricePoint | undefined;
  /** Ticks the feed refused so far (a jump, no provider time), per asset and reason; for the metrics. */
  rejectedTicks?(): readonly RejectedTicks[];
}

export interface RejectedTicks {
  readonly asset: string;
  readonly reason: string;
  readonly count: number;
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

/** What `requireFreshPrice` reads: the app context satisfies it. */
export interface FreshPriceContext {
  readonly prices: PriceSource;
  readonly clock: Clock;
  readonly config: { readonly priceStaleAfterSeconds: number };
}

/** One US dollar: USD is the unit every reference price is counted in, so it is never stale. */
const ONE_USD = 10n ** BigInt(PRICE_DECIMALS);

/**
 * The price of `asset` to act on now. Every action that needs a rate (a quote, a trade, a swap, a
 * valuation that moves money) calls this instead of `prices.latest`: a missing price, or one older than
 * PRICE_STALE_AFTER_SECONDS, is refused with 503 and the spec's rate-unavailable message, never used.
 */
export function requireFreshPrice(ctx: FreshPriceContext, asset: AssetCode): PricePoint {
  const now = ctx.clock.now();
  if (asset === 'USD') return { asset, usd: ONE_USD, at: now };
  const point = ctx.prices.latest(asset);
  if (!point || point.usd <= 0n || isStale(point, now, ctx.config.priceStaleAfterSeconds * 1000)) {
    throw new AppError('price_unavailable', messages.rateUnavailable);
  }
  return point;
}
