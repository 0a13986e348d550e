import type { OrderSide } from '@exchange/contracts';
import { addDec, type Dec, feeOfDec, formatDec, multiplyDec, toDec } from '@exchange/domain';

/** USDT has 8 decimal places in the ledger. */
const USDT_SCALE = 8;

/**
 * A limit order's value before it is placed: price × quantity, the fee (bps of it, rounded up) and
 * the total: what a buy holds (cost + fee) or a sell receives (cost - fee). Null until both inputs
 * are plain decimals. Amounts are rounded to USDT's 8 places in the house's favour, as the server does.
 */
export function limitEstimate(
  quantity: string,
  limitPrice: string,
  feeBps: bigint,
  side: OrderSide,
): { cost: string; fee: string; total: string } | null {
  const amount = toDec(quantity);
  const price = toDec(limitPrice);
  if (!amount || !price) return null;
  const cost: Dec = multiplyDec(price, amount);
  const fee = feeOfDec(cost, feeBps);
  const total = side === 'buy' ? addDec(cost, fee) : { value: cost.value - fee.value, scale: cost.scale };
  const rounding = side === 'buy' ? 'up' : 'down';
  return {
    cost: formatDec(cost, USDT_SCALE, rounding),
    fee: formatDec(fee, USDT_SCALE, 'up'),
    total: formatDec(total, USDT_SCALE, rounding),
  };
}
