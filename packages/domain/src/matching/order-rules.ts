import { compareDec as compare, type Dec, multiplyDec as times, toDec, toSignedDec } from '../decimal';
import type { MarketRules } from '../markets';
import { ok, type Result, reject } from '../result';
import { marketUnits, parsePriceTicks, parseQuantityLots } from './market-units';
import type { PriceTicks, QuantityLots } from './types';

/** 'limit' carries a price; 'market' does not (the caller turns it into an IOC order with a price cap). */
export interface OrderRequest {
  readonly type: 'limit' | 'market';
  readonly quantity?: string | null;
  readonly price?: string | null;
}

export interface ValidOrder {
  readonly quantity: QuantityLots;
  /** Null for a market order. */
  readonly price: PriceTicks | null;
}

export type OrderRuleCode =
  | 'market_closed'
  | 'quantity_required'
  | 'invalid_quantity'
  | 'limit_price_required'
  | 'invalid_price'
  | 'quantity_too_small'
  | 'quantity_too_large'
  | 'price_too_small'
  | 'price_too_large'
  | 'cost_too_small'
  | 'cost_too_large'
  | 'quantity_precision_exceeded'
  | 'price_not_on_tick';

/** The markets' limits, parsed once each: every order is checked against six of them. */
const limits = new Map<string, Dec>();

function limit(text: string): Dec {
  let parsed = limits.get(text);
  if (parsed) return parsed;
  const read = toDec(text);
  if (read === null) throw new Error(`invariant violated: market limit ${text}`);
  parsed = Object.freeze(read);
  // Only a market's own limit strings come here (a handful); the bound is a guard, never reached.
  if (limits.size < 1_000) limits.set(text, parsed);
  return parsed;
}

const blank = (text: string | null | undefined): text is null | undefined =>
  text == null || text.trim() === '';

/**
 * Checks an incoming order against its market's rules (spec section 5, Buy and Sell rules, and the
 * limits of section 9) and converts it to the engine's units. Rejections, in this order, with the
 * params the message catalogue needs:
 *  1. the market is closed: 'market_closed';
 *  2. no quantity: 'quantity_required' ('Please Enter Quantity');
 *  3. a quantity that is not a plain decimal: 'invalid_quantity';
 *  4. a limit order without a price: 'limit_price_required' ('Please Enter Limit Price');
 *  5. a limit price that is not a plain decimal: 'invalid_price';
 *  6. quantity at or below min_quantity: 'quantity_too_small' {min};
 *  7. quantity above max_quantity: 'quantity_too_large' {max};
 *  8. limit price below min_price: 'price_too_small' {min};
 *  9. limit price above max_price: 'price_too_large' {max};
 * 10. limit price × quantity below min_cost: 'cost_too_small' {min_cost};
 * 11. limit price × quantity above max_cost: 'cost_too_large' {max_cost};
 * 12. more decimal places than quantity_precision: 'quantity_precision_exceeded' {precision};
 * 13. a limit price that is not a multiple of price_increment: 'price_not_on_tick' {increment}.
 * The spec's second rule, the balance, is the caller's: it is decided when the funds are locked,
 * atomically, after these rules pass. The cost rules apply to limit orders only, as in the spec;
 * a market order's cost is bounded by the price cap the caller gives it. Comparisons are exact, on
 * the decimal digits, never on floating-point numbers.
 */
export function validateOrder(rules: MarketRules, request: OrderRequest): Result<ValidOrder, OrderRuleCode> {
  if (rules.closed) return reject('market_closed');
  if (blank(request.quantity)) return reject('quantity_required');
  const quantity = toSignedDec(request.quantity);
  if (quantity === null) return reject('invalid_quantity');
  const isLimit = request.type === 'limit';
  let price: Dec | null = null;
  if (isLimit) {
    if (blank(request.price)) return reject('limit_price_required');
    price = toSignedDec(request.price);
    if (price === null) return reject('invalid_price');
  }
  if (compare(quantity, limit(rules.minQuantity)) <= 0)
    return reject('quantity_too_small', { min: rules.minQuantity });
  if (compare(quantity, limit(rules.maxQuantity)) > 0)
    return reject('quantity_too_large', { max: rules.maxQuantity });
  if (price !== null) {
    if (compare(price, limit(rules.minPrice)) < 0) return reject('price_too_small', { min: rules.minPrice });
    if (compare(price, limit(rules.maxPrice)) > 0) return reject('price_too_large', { max: rules.maxPrice });
    const cost = times(price, quantity);
    if (compare(cost, limit(rules.minCost)) < 0) return reject('cost_too_small', { min_cost: rules.minCost });
    if (compare(cost, limit(rules.maxCost)) > 0) return reject('cost_too_large', { max_cost: rules.maxCost });
  }
  const units = marketUnits(rules);
  const lots = parseQuantityLots(units, request.quantity as string);
  if (!lots.ok) return reject('quantity_precision_exceeded', { precision: String(rules.quantityPrecision) });
  if (price === null) return ok({ quantity: lots.value, price: null });
  const ticks = parsePriceTicks(units, request.price as string);
  if (!ticks.ok) return reject('price_not_on_tick', { increment: rules.priceIncrement });
  return ok({ quantity: lots.value, price: ticks.value });
}
