import type { OrderSide } from '@exchange/contracts';
import { addDec, type Dec, feeOfDec, formatDec, multiplyDec, parseDecimal, toDec } from '@exchange/domain';

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
  const rounding = side === 'buy' ? 'up' : 'down';
  // As the server's buyerAmounts / sellerAmounts: the value is rounded to a ledger unit first, and the
  // fee is charged on that amount, rounded up at the ledger's places (not at the value's own: 0.001 ×
  // 50001 is a 0.10000200 fee, not 0.101).
  const costMinor = parseDecimal(formatDec(multiplyDec(price, amount), USDT_SCALE, rounding), USDT_SCALE);
  if (costMinor === null) return null;
  const cost: Dec = { value: costMinor, scale: USDT_SCALE };
  const fee: Dec = feeOfDec(cost, feeBps);
  const total = side === 'buy' ? addDec(cost, fee) : { value: cost.value - fee.value, scale: cost.scale };
  return {
    cost: formatDec(cost, USDT_SCALE),
    fee: formatDec(fee, USDT_SCALE),
    total: formatDec(total, USDT_SCALE),
  };
}
