import type { MarketRules } from '../markets';
import { feeOf, type Minor } from '../money';
import { baseMinor, type ExactCost, exactCost, type MarketUnits, quoteMinor } from './market-units';
import type { PriceTicks, QuantityLots } from './types';

/** A trade's quote side as ledger amounts (USDT minor units). */
export interface QuoteAmounts {
  /** The trade value rounded to a ledger amount (up for a buyer, down for a seller). */
  readonly gross: Minor;
  /** The fee: fee bps of `gross`, rounded up. */
  readonly fee: Minor;
  /** What moves: buyer pays gross + fee; seller receives gross - fee. */
  readonly total: Minor;
}

/** The market's fee rate for a maker or a taker, in basis points (spec: 0.2% = 20 bps for both). */
export function orderFeeBps(rules: MarketRules, role: 'maker' | 'taker'): bigint {
  return role === 'maker' ? rules.makerFeeBps : rules.takerFeeBps;
}

/** The maker or taker fee on a quote ledger amount, rounded up so the house never undercharges. */
export function tradeFee(rules: MarketRules, role: 'maker' | 'taker', quote: Minor): Minor {
  return feeOf(quote, orderFeeBps(rules, role));
}

/**
 * What a buyer pays for fills worth `cost` in total: the value rounded up to a ledger unit, plus
 * the fee on that amount rounded up. Both roundings favour the house.
 *
 * Every part is non-decreasing in `cost`. So settle fills cumulatively: the i-th fill of an order
 * moves buyerAmounts(cost of fills 1..i) minus buyerAmounts(cost of fills 1..i-1), part by part.
 * Each difference is >= 0, and the order's total never exceeds `buyOrderLock`, which per-fill
 * rounding could (every fill rounding up on its own can add a unit).
 */
export function buyerAmounts(units: MarketUnits, cost: ExactCost, feeBps: bigint): QuoteAmounts {
  const gross = quoteMinor(units, cost, 'up');
  const fee = feeOf(gross, feeBps);
  return { gross, fee, total: gross + fee };
}

/**
 * What a seller receives for fills worth `cost` in total: the value rounded down to a ledger unit,
 * minus the fee on that amount rounded up. Never negative (the fee rate is below 100%). Like
 * `buyerAmounts`, every part is non-decreasing in `cost`, so settle fills cumulatively the same way.
 */
export function sellerAmounts(units: MarketUnits, cost: ExactCost, feeBps: bigint): QuoteAmounts {
  const gross = quoteMinor(units, cost, 'down');
  const fee = feeOf(gross, feeBps);
  return { gross, fee, total: gross - fee };
}

/**
 * The quote amount (USDT minor units) to hold for a buy order: ceil(price × quantity) plus the fee
 * on it, rounded up, at the higher of the maker and taker rates, since a resting order can end up
 * either. Fills happen at the maker's price, never above the order's, so the hold always covers the
 * cumulative `buyerAmounts` of its fills.
 *
 * For an order that has already filled some (a move to a new price, or a rebuild), pass
 * `filledCost`, the exact cost of its fills so far, and the remaining quantity: the result is the
 * total hold the order needs from its start, to compare with what is held already.
 */
export function buyOrderLock(
  rules: MarketRules,
  units: MarketUnits,
  price: PriceTicks,
  remaining: QuantityLots,
  filledCost: ExactCost = 0n as ExactCost,
): Minor {
  const feeBps = rules.makerFeeBps > rules.takerFeeBps ? rules.makerFeeBps : rules.takerFeeBps;
  const cost = (filledCost + exactCost(units, price, remaining)) as ExactCost;
  return buyerAmounts(units, cost, feeBps).total;
}

/** The base amount (ledger minor units) to hold for a sell order: the quantity itself, exactly. */
export function sellOrderLock(units: MarketUnits, quantity: QuantityLots): Minor {
  return baseMinor(units, quantity);
}
