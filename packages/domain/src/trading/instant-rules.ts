import { type CryptoCode, getAsset } from '../assets';
import { compareDec, isZeroDec, toDec } from '../decimal';
import { findMarket, type MarketRules } from '../markets';
import { type OrderRuleCode, validateOrder } from '../matching/order-rules';
import { type Minor, parseDecimal } from '../money';
import { ok, type Result, reject } from '../result';

/** The largest instant quantity of a coin without a market (the spec's max_quantity of every market). */
export const INSTANT_MAX_QUANTITY = '9999999999999999';

/** The coin's USDT market, whose quantity rules apply to instant orders too; null for ADA, USDT, BUSD. */
export function instantRulesOf(coin: CryptoCode): MarketRules | null {
  return findMarket(`${coin}-USDT`) ?? null;
}

/**
 * Checks an instant order's quantity (spec section 5, Buy and Sell rules without the balance, which
 * the caller decides: the form against the shown balance, the server atomically when it debits) and
 * returns it in the coin's minor units. Rejections, in this order:
 *  1. empty 'quantity_required';
 *  2. not a plain decimal 'invalid_quantity';
 *  3. a coin with a USDT market: that market's rules for a market order, in validateOrder's order
 *     (at or below min_quantity, above max_quantity, more decimals than its quantity_precision);
 *     a coin without one: zero 'quantity_too_small' {min: '0'}, above INSTANT_MAX_QUANTITY
 *     'quantity_too_large', more decimals than the coin's ledger scale 'quantity_precision_exceeded'.
 * The form and the server call this same function, so they can never disagree.
 */
export function validateInstantQuantity(
  coin: CryptoCode,
  quantity: string | null | undefined,
): Result<Minor, OrderRuleCode> {
  if (quantity == null || quantity.trim() === '') return reject('quantity_required');
  const parsed = toDec(quantity);
  if (parsed === null) return reject('invalid_quantity');
  const scale = getAsset(coin).scale;
  const rules = instantRulesOf(coin);
  if (rules) {
    const valid = validateOrder(rules, { type: 'market', quantity });
    if (!valid.ok) return valid;
  } else {
    if (isZeroDec(parsed)) return reject('quantity_too_small', { min: '0' });
    const max = toDec(INSTANT_MAX_QUANTITY);
    if (max && compareDec(parsed, max) > 0)
      return reject('quantity_too_large', { max: INSTANT_MAX_QUANTITY });
  }
  if (parsed.scale > scale) return reject('quantity_precision_exceeded', { precision: String(scale) });
  const minor = parseDecimal(quantity.trim(), scale, 'exact');
  if (minor === null || minor <= 0n) return reject('invalid_quantity');
  return ok(minor);
}
