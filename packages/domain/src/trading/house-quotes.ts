import type { MarketRules } from '../markets';
import { marketUnits } from '../matching/market-units';
import type { PriceTicks, QuantityLots } from '../matching/types';
import { divide, parseDecimal, pow10 } from '../money';

/** Half the spread the house quotes around the reference price, in bps of it. */
export const HOUSE_SPREAD_BPS = 20n;
/** What each house order is worth, in USDT. */
export const HOUSE_ORDER_NOTIONAL_USDT = '5000';

/** The house's two resting orders on a market: one bid and one ask of the same quantity. */
export interface HouseQuotes {
  readonly bid: PriceTicks;
  readonly ask: PriceTicks;
  readonly quantity: QuantityLots;
}

/**
 * The house's bid and ask for a market at a reference price (the base asset's and USDT's USD prices,
 * at the price feed's scale), or null when the market has no sensible quote at that price. The bid is
 * rounded down and the ask up, so the spread never shrinks below HOUSE_SPREAD_BPS on either side; the
 * quantity is worth HOUSE_ORDER_NOTIONAL_USDT at the ask, and always above the market's minimum.
 */
export function houseQuotes(rules: MarketRules, baseUsd: bigint, usdtUsd: bigint): HouseQuotes | null {
  if (baseUsd <= 0n || usdtUsd <= 0n) return null;
  const units = marketUnits(rules);
  // Reference in USDT at the price scale, via USDT's USD price (1:1 when USDT is at par).
  const refScaled = divide(baseUsd * pow10(units.priceScale), usdtUsd, 'down');
  const refTicks = refScaled / units.tickSize;
  const bid = divide(refTicks * (10_000n - HOUSE_SPREAD_BPS), 10_000n, 'down');
  const ask = divide(refTicks * (10_000n + HOUSE_SPREAD_BPS), 10_000n, 'up');
  if (bid <= 0n || ask <= bid) return null;
  const notional = parseDecimal(HOUSE_ORDER_NOTIONAL_USDT, units.priceScale + units.quantityScale) ?? 0n;
  let quantity = divide(notional, ask * units.tickSize, 'down');
  const minLots = parseDecimal(rules.minQuantity, units.quantityScale, 'up') ?? 0n;
  if (quantity <= minLots) quantity = minLots + 1n;
  return { bid: bid as PriceTicks, ask: ask as PriceTicks, quantity: quantity as QuantityLots };
}

/** One of the house's open orders, as the requote decision needs it. */
export interface HouseOpenOrder {
  readonly id: string;
  readonly side: 'buy' | 'sell';
  readonly priceTicks: bigint;
}

/** What the house does on a market this tick: nothing, or cancel these orders and place those. */
export type HouseRequote =
  | { readonly kind: 'keep' }
  | {
      readonly kind: 'replace';
      readonly cancel: readonly string[];
      readonly place: ReadonlyArray<{ side: 'buy' | 'sell'; price: PriceTicks; quantity: QuantityLots }>;
    };

/**
 * Whether the house's open orders already are the wanted quotes (exactly one bid at the bid price and
 * one ask at the ask price: keep them, so a steady price costs nothing), otherwise cancel every open
 * order and place both quotes again. Without quotes (no fresh price, no sensible quote) the house
 * leaves its orders as they are rather than pulling liquidity on a feed hiccup.
 */
export function decideHouseRequote(
  open: readonly HouseOpenOrder[],
  quotes: HouseQuotes | null,
): HouseRequote {
  if (!quotes) return { kind: 'keep' };
  const fresh =
    open.length === 2 &&
    open.some((o) => o.side === 'buy' && o.priceTicks === quotes.bid) &&
    open.some((o) => o.side === 'sell' && o.priceTicks === quotes.ask);
  if (fresh) return { kind: 'keep' };
  return {
    kind: 'replace',
    cancel: open.map((o) => o.id),
    place: [
      { side: 'buy', price: quotes.bid, quantity: quotes.quantity },
      { side: 'sell', price: quotes.ask, quantity: quotes.quantity },
    ],
  };
}
