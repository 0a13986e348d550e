import type { AssetCode } from './assets';

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
