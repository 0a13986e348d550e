import type { AssetCode } from './assets';
import { divide, pow10, type Rounding } from './money';

/**
 * A reference price: US dollars per one whole unit of an asset, as a bigint scaled by 10^PRICE_DECIMALS
 * (so 1 BTC at $64,250.5 is 6_425_050_000_000n). Every price carries the instant it was observed.
 */
export const PRICE_DECIMALS = 8;

export interface PricePoint {
  readonly asset: AssetCode;
  readonly usd: bigint;
  readonly at: Date;
}

/** A price older than `maxAgeMs` at `now` must not be used for anything that moves money. */
export function isStale(point: PricePoint, now: Date, maxAgeMs: number): boolean {
  return now.getTime() - point.at.getTime() > maxAgeMs;
}

/** One side of a conversion: the asset's minor-unit scale and its USD reference price (×10^PRICE_DECIMALS). */
export interface PricedScale {
  readonly scale: number;
  readonly usd: bigint;
}

/**
 * Converts `amount` minor units of one asset into minor units of another through their USD reference
 * prices: amount / 10^from.scale × from.usd / to.usd × 10^to.scale, computed in one exact division
 * so no intermediate rounding creeps in. The caller names the rounding (a payout rounds down).
 * Both prices must be positive; the amount must not be negative.
 */
export function convertByPrices(
  amount: bigint,
  from: PricedScale,
  to: PricedScale,
  rounding: Rounding,
): bigint {
  if (from.usd <= 0n || to.usd <= 0n) throw new RangeError('prices must be positive');
  return divide(amount * from.usd * pow10(to.scale), to.usd * pow10(from.scale), rounding);
}

/**
 * How many units of `to` one unit of `from` buys, as an integer scaled by 10^decimals, rounded as named.
 */
export function rateBetween(fromUsd: bigint, toUsd: bigint, decimals: number, rounding: Rounding): bigint {
  if (fromUsd <= 0n || toUsd <= 0n) throw new RangeError('prices must be positive');
  return divide(fromUsd * pow10(decimals), toUsd, rounding);
}

/**
 * The change from `open` to `last` in hundredths of a percent (-1.23% is -123n), rounded half away
 * from zero: a display figure, never used to move money.
 */
export function changeHundredthsOfPercent(open: bigint, last: bigint): bigint {
  if (open <= 0n) throw new RangeError('open price must be positive');
  const delta = last - open;
  const magnitude = divide((delta < 0n ? -delta : delta) * 20_000n + open, 2n * open, 'down');
  return delta < 0n ? -magnitude : magnitude;
}
