import type { OrderSide, OrderType } from '@exchange/contracts';
import { compareDec, type Dec, formatDec, isZeroDec, toDec } from '@exchange/domain';

/**
 * The order form's way from USD to USDT (issue 45): a limit order is paid in USDT, and a customer who
 * holds USD is offered to convert what the order lacks, through the swap's quote, in the form itself.
 * Every amount here is a decimal string; nothing goes through a JS number.
 */

/** USD has cents; USDT 8 decimals in the ledger. */
const USD_DECIMALS = 2;
const USDT_DECIMALS = 8;
const ONE_CENT: Dec = { value: 1n, scale: USD_DECIMALS };

const zero: Dec = { value: 0n, scale: 0 };
const dec = (text: string | null | undefined): Dec => toDec(text) ?? zero;

function subtract(a: Dec, b: Dec): Dec {
  const scale = Math.max(a.scale, b.scale);
  const left = a.value * 10n ** BigInt(scale - a.scale);
  const right = b.value * 10n ** BigInt(scale - b.scale);
  return { value: left - right, scale };
}

/** a / b rounded up to `decimals` places; b is positive. */
function divideUp(a: Dec, b: Dec, decimals: number): Dec {
  // a.value / 10^a.scale ÷ (b.value / 10^b.scale) = a.value × 10^(b.scale + decimals - a.scale) / b.value.
  const shift = b.scale + decimals - a.scale;
  const numerator = shift >= 0 ? a.value * 10n ** BigInt(shift) : a.value;
  const denominator = shift >= 0 ? b.value : b.value * 10n ** BigInt(-shift);
  const quotient = numerator / denominator + (numerator % denominator === 0n ? 0n : 1n);
  return { value: quotient, scale: decimals };
}

function minDec(a: Dec, b: Dec): Dec {
  return compareDec(a, b) <= 0 ? a : b;
}

/** What the form knows when it decides whether to offer the step. */
export interface ConvertContext {
  readonly side: OrderSide;
  readonly type: OrderType;
  /** The limit order's total (cost plus fee) in USDT, or null until quantity and price are typed. */
  readonly orderTotal: string | null;
  readonly usdtAvailable: string | undefined;
  readonly usdAvailable: string | undefined;
}

/**
 * The USDT a limit buy lacks: its total less the USDT available, to USDT's 8 places; null when the
 * order is covered, not a limit buy or not typed yet.
 */
export function usdtShortfall(context: ConvertContext): string | null {
  if (context.side !== 'buy' || context.type !== 'limit' || context.orderTotal === null) return null;
  const total = toDec(context.orderTotal);
  if (total === null) return null;
  const missing = subtract(total, dec(context.usdtAvailable));
  return missing.value > 0n ? formatDec(missing, USDT_DECIMALS, 'up') : null;
}

/**
 * The step shows when a limit buy lacks USDT and the customer holds USD to convert; the amount it
 * proposes is `proposeUsdAmount` of the shortfall.
 */
export function offersUsdConvert(context: ConvertContext): boolean {
  return usdtShortfall(context) !== null && !isZeroDec(dec(context.usdAvailable));
}

/**
 * The 'Get USDT' hint beside Available: a limit buy (which is paid in USDT) by someone with no USDT at
 * all but some USD.
 */
export function offersGetUsdt(context: Omit<ConvertContext, 'orderTotal'>): boolean {
  return (
    context.side === 'buy' &&
    context.type === 'limit' &&
    isZeroDec(dec(context.usdtAvailable)) &&
    !isZeroDec(dec(context.usdAvailable))
  );
}

/** A quote the proposal learns the real rate from: what it spends and what it pays out after the fee. */
export interface QuotedConversion {
  readonly from_amount: string;
  readonly to_amount: string;
}

/**
 * The USD amount the step proposes for `missing` USDT, in cents, never more than the USD held.
 * Before a quote: the shortfall itself, rounded up to the cent (USDT is worth about a dollar). With a
 * quote for the amount shown that pays out less than the shortfall (the fee, a price a little above a
 * dollar): the shortfall at that quote's own rate, rounded up to the cent, and at least a cent more
 * than the quoted amount, so asking again always moves towards covering the order. Null when the
 * shown amount already covers it (nothing to change).
 */
export function proposeUsdAmount(
  missing: string,
  usdAvailable: string | undefined,
  quote: QuotedConversion | null = null,
): string | null {
  const lacking = toDec(missing);
  if (lacking === null || lacking.value <= 0n) return null;
  const held = dec(usdAvailable);
  let wanted: Dec;
  if (quote === null) {
    wanted = divideUp(lacking, { value: 1n, scale: 0 }, USD_DECIMALS);
  } else {
    const spent = toDec(quote.from_amount);
    const paid = toDec(quote.to_amount);
    if (spent === null || paid === null || paid.value <= 0n) return null;
    if (compareDec(paid, lacking) >= 0) return null;
    const atRate = divideUp(
      { value: lacking.value * spent.value, scale: lacking.scale + spent.scale },
      paid,
      2,
    );
    const nextCent = { value: divideUp(spent, { value: 1n, scale: 0 }, 2).value + ONE_CENT.value, scale: 2 };
    wanted = compareDec(atRate, nextCent) >= 0 ? atRate : nextCent;
  }
  return formatDec(minDec(wanted, held), USD_DECIMALS, 'down');
}
