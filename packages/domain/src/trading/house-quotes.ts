import type { MarketRules } from '../markets';
import { marketUnits } from '../matching/market-units';
import type { PriceTicks, QuantityLots } from '../matching/types';
import { divide, parseDecimal, pow10 } from '../money';

/** Half the spread of the house's best level around the reference price, in bps of it; level k is k steps out. */
export const HOUSE_SPREAD_BPS = 20n;
/** How many price levels the house quotes on each side, so the book has depth to read. */
export const HOUSE_LEVELS = 5;
/** What each house order is worth, in USDT. */
export const HOUSE_ORDER_NOTIONAL_USDT = '5000';

/** One level of the house's ladder: a bid and an ask of the same quantity. */
export interface HouseLevel {
  readonly bid: PriceTicks;
  readonly ask: PriceTicks;
  readonly quantity: QuantityLots;
}

/**
 * The house's ladder for a market at a reference price (the base asset's and USDT's USD prices, at the
 * price feed's scale), best level first: level k (1-based) quotes k × HOUSE_SPREAD_BPS (plus
 * `extraBps`, the widening for an ageing price: `priceAgeSpreadBps`) either side of the reference, the
 * bid rounded down and the ask up. Each order is worth HOUSE_ORDER_NOTIONAL_USDT at
 * its ask and always above the market's minimum. Tiny prices that round several levels onto one tick
 * keep only the levels that move outwards; empty when the market has no sensible quote at that price.
 */
export function houseQuotes(
  rules: MarketRules,
  baseUsd: bigint,
  usdtUsd: bigint,
  extraBps = 0n,
): HouseLevel[] {
  if (baseUsd <= 0n || usdtUsd <= 0n) return [];
  const units = marketUnits(rules);
  // Reference in USDT at the price scale, via USDT's USD price (1:1 when USDT is at par).
  const refScaled = divide(baseUsd * pow10(units.priceScale), usdtUsd, 'down');
  const refTicks = refScaled / units.tickSize;
  const notional = parseDecimal(HOUSE_ORDER_NOTIONAL_USDT, units.priceScale + units.quantityScale) ?? 0n;
  const minLots = parseDecimal(rules.minQuantity, units.quantityScale, 'up') ?? 0n;
  const levels: HouseLevel[] = [];
  for (let k = 1n; k <= BigInt(HOUSE_LEVELS); k += 1n) {
    const away = HOUSE_SPREAD_BPS * k + extraBps;
    const bid = divide(refTicks * (10_000n - away), 10_000n, 'down');
    const ask = divide(refTicks * (10_000n + away), 10_000n, 'up');
    if (bid <= 0n || ask <= bid) break;
    const previous = levels.at(-1);
    if (previous && (bid >= previous.bid || ask <= previous.ask)) continue;
    let quantity = divide(notional, ask * units.tickSize, 'down');
    if (quantity <= minLots) quantity = minLots + 1n;
    levels.push({ bid: bid as PriceTicks, ask: ask as PriceTicks, quantity: quantity as QuantityLots });
  }
  return levels;
}

/** One of the house's open orders, as the requote decision needs it. */
export interface HouseOpenOrder {
  readonly id: string;
  readonly side: 'buy' | 'sell';
  readonly priceTicks: bigint;
}

/**
 * Which sides the house quotes: both, unless its position in the coin is at HOUSE_MAX_EXPOSURE_USD,
 * when the side that would add to it is withdrawn (see `houseExposureAllows`).
 */
export interface HouseSides {
  readonly buy: boolean;
  readonly sell: boolean;
}
const BOTH_SIDES: HouseSides = { buy: true, sell: true };

/** What the house does on a market this tick: nothing, or cancel these orders and place those. */
export type HouseRequote =
  | { readonly kind: 'keep' }
  | {
      readonly kind: 'replace';
      readonly cancel: readonly string[];
      readonly place: ReadonlyArray<{ side: 'buy' | 'sell'; price: PriceTicks; quantity: QuantityLots }>;
    };

/**
 * Whether the house's open orders can stand. Replacing the ladder empties the book for a moment, so
 * while the whole ladder is there (as many bids and asks as levels) and its best bid is within half a
 * level's step of the wanted one, it stays; otherwise every open order is cancelled and the ladder
 * placed again, bids and asks level by level. A side withdrawn by `sides` has no orders in a whole
 * ladder: its standing orders are cancelled and it is not placed again. Without quotes (no fresh price, no sensible quote) the
 * house leaves its orders as they are rather than pulling liquidity on a feed hiccup.
 */
export function decideHouseRequote(
  open: readonly HouseOpenOrder[],
  ladder: readonly HouseLevel[],
  sides: HouseSides = BOTH_SIDES,
): HouseRequote {
  if (ladder.length === 0) return { kind: 'keep' };
  const bids = open.filter((o) => o.side === 'buy');
  const asks = open.filter((o) => o.side === 'sell');
  const wanted = (side: 'buy' | 'sell') => (sides[side] ? ladder.length : 0);
  const whole = bids.length === wanted('buy') && asks.length === wanted('sell');
  // The ladder moves as one: its best level on a quoted side says how far it drifted.
  const [standing, best] = sides.buy
    ? [bids.reduce((top, o) => (o.priceTicks > top ? o.priceTicks : top), 0n), ladder[0]!.bid]
    : [asks.reduce((low, o) => (low === 0n || o.priceTicks < low ? o.priceTicks : low), 0n), ladder[0]!.ask];
  const drift = standing > best ? standing - best : best - standing;
  if (whole && (!(sides.buy || sides.sell) || drift * 20_000n <= best * HOUSE_SPREAD_BPS))
    return { kind: 'keep' };
  return {
    kind: 'replace',
    cancel: open.map((o) => o.id),
    place: ladder.flatMap((level) => [
      ...(sides.buy ? [{ side: 'buy' as const, price: level.bid, quantity: level.quantity }] : []),
      ...(sides.sell ? [{ side: 'sell' as const, price: level.ask, quantity: level.quantity }] : []),
    ]),
  };
}
