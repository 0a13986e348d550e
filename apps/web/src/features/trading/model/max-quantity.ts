import { formatMinor, toDec } from '@exchange/domain';

export const QUANTITY_SHARES = [25, 50, 75, 100] as const;

export interface MaxQuantityInput {
  readonly side: 'buy' | 'sell';
  /** What the order spends: the coin for a sell, USD or USDT for a buy. */
  readonly balance: string | undefined;
  /** The price a buy pays per coin (the limit price, or the latest quote); unused for a sell. */
  readonly price: string | null;
  /** The fee a buy pays on top of the cost, in bps. */
  readonly feeBps: bigint;
  /** Share of the balance, 1–100. */
  readonly percent: number;
  /** The coin's quantity precision; the result is cut to it, never rounded up. */
  readonly decimals: number;
}

/**
 * The quantity a share of the balance buys or sells, cut down to the coin's precision so the order
 * (with its fee) never costs more than the balance. Null when there is nothing to compute from: no
 * balance, or a buy without a price.
 */
export function maxQuantity(input: MaxQuantityInput): string | null {
  const balance = toDec(input.balance);
  if (!balance || input.percent <= 0 || input.percent > 100) return null;
  const unit = 10n ** BigInt(input.decimals);
  const share = BigInt(Math.round(input.percent));
  if (input.side === 'sell') {
    const lots = (balance.value * share * unit) / (100n * 10n ** BigInt(balance.scale));
    return formatMinor(lots, input.decimals);
  }
  const price = toDec(input.price);
  if (!price || price.value === 0n) return null;
  // quantity = balance × share / 100 / (price × (1 + fee)), all as integers.
  const numerator = balance.value * 10n ** BigInt(price.scale) * share * 10_000n * unit;
  const denominator = price.value * 10n ** BigInt(balance.scale) * 100n * (10_000n + input.feeBps);
  return formatMinor(numerator / denominator, input.decimals);
}
