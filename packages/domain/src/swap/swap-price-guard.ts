import { type AgeSpreadPolicy, PRICE_AGE_SPREAD, priceAgeSpreadBps, widenPrice } from '../price-safety';
import { ok, type Result, reject } from '../result';

/** The two USD reference prices a swap is judged at (×10^PRICE_DECIMALS): what is given, what is got. */
export interface SwapPrices {
  readonly fromUsd: bigint;
  readonly toUsd: bigint;
}

/** A reference price and when the feed saw it. */
export interface AgedPrice {
  readonly usd: bigint;
  readonly at: Date;
}

/**
 * The prices a swap (or MULTI) quote is made at, widened against the user as each reference price
 * ages, the way instant quotes are (`priceAgeSpreadBps`, `widenPrice`): the house buys `from`, so the
 * user sells it at a lower price, and sells `to`, so the user buys it at a higher one. Fresh prices
 * (within the policy's grace) are used as they are.
 */
export function swapQuotePrices(
  from: AgedPrice,
  to: AgedPrice,
  now: Date,
  policy: AgeSpreadPolicy = PRICE_AGE_SPREAD,
): SwapPrices {
  const spread = (price: AgedPrice) => priceAgeSpreadBps(now.getTime() - price.at.getTime(), policy);
  return {
    fromUsd: widenPrice(from.usd, 'sell', spread(from)),
    toUsd: widenPrice(to.usd, 'buy', spread(to)),
  };
}

export type SwapPriceRejection = 'price_moved';

/**
 * May a swap quoted at the reference prices `quoted` still be executed now that they are `current`?
 * The house pays `to` for `from` at the quoted rate (fromUsd / toUsd). If the current rate fell below
 * it, the quote pays out more than the market does: by more than `toleranceBps` of the quoted rate it
 * is refused ('price_moved'), at exactly the tolerance it passes. A rate that rose (the customer's
 * loss) always passes: the quote is executed at its price, the customer's risk. Exact bigint cross
 * multiplication: (q - c) / q > tol / 10 000 with q = qf/qt and c = cf/ct.
 */
export function decideSwapPriceMove(
  quoted: SwapPrices,
  current: SwapPrices,
  toleranceBps: bigint,
): Result<void, SwapPriceRejection> {
  const quotedCross = quoted.fromUsd * current.toUsd;
  const currentCross = current.fromUsd * quoted.toUsd;
  const drop = quotedCross - currentCross;
  if (drop * 10_000n > toleranceBps * quotedCross) return reject('price_moved');
  return ok(undefined);
}
