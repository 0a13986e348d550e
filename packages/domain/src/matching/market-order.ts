import type { MarketUnits } from './market-units';
import { exactCost } from './market-units';
import type { PriceTicks, QuantityLots } from './types';

/** One price level of the side a market order takes from, best first (asks for a buy, bids for a sell). */
export interface ReachLevel {
  readonly price: PriceTicks;
  readonly quantity: QuantityLots;
}

/** How far into the book a market order reaches: the worst price it may trade at and how much it takes. */
export interface MarketReach {
  /** The price cap of the IOC order that expresses the market order. */
  readonly cap: PriceTicks;
  /** The quantity to send: all of it when the book holds enough, else what the book holds. */
  readonly quantity: QuantityLots;
}

/**
 * A market order of `quantity` against the opposite side of the book (`levels`, best first): the cap is
 * the price of the level where the order's quantity is reached, or the last level when the book holds
 * less (the IOC order then takes all and its remainder is cancelled). Null when the side is empty: a
 * market order with nothing to trade against is refused rather than left to rest.
 */
export function marketOrderReach(levels: readonly ReachLevel[], quantity: QuantityLots): MarketReach | null {
  let left = quantity as bigint;
  let cap: PriceTicks | null = null;
  for (const level of levels) {
    cap = level.price;
    left -= level.quantity;
    if (left <= 0n) break;
  }
  if (cap === null) return null;
  return { cap, quantity };
}

/**
 * A market buy that spends at most `budget` of exact cost (the quote amount at the market's cost
 * scale, fees excluded, as Binance's quoteOrderQty): walks the asks best first, taking whole levels
 * while the budget lasts and then the lots of the next level the rest pays for, rounded down. Null
 * when the budget buys not even one lot or the book has no asks.
 */
export function marketBuyForBudget(
  units: MarketUnits,
  levels: readonly ReachLevel[],
  budget: bigint,
): MarketReach | null {
  let left = budget;
  let lots = 0n;
  let cap: PriceTicks | null = null;
  for (const level of levels) {
    const levelCost = exactCost(units, level.price, level.quantity);
    if (levelCost <= left) {
      left -= levelCost;
      lots += level.quantity;
      cap = level.price;
      continue;
    }
    const perLot = exactCost(units, level.price, 1n as QuantityLots);
    const some = left / perLot;
    if (some > 0n) {
      lots += some;
      cap = level.price;
    }
    break;
  }
  if (cap === null || lots === 0n) return null;
  return { cap, quantity: lots as QuantityLots };
}
