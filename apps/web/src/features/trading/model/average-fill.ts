import { formatMinor, toDec } from '@exchange/domain';

/**
 * An order's average fill price, filled cost ÷ filled quantity, cut to `decimals`; null before any
 * fill. Integer arithmetic on the decimal strings, so it agrees with the ledger to the last digit.
 */
export function averageFillPrice(
  filledCost: string,
  filledQuantity: string,
  decimals: number,
): string | null {
  const cost = toDec(filledCost);
  const quantity = toDec(filledQuantity);
  if (!cost || !quantity || quantity.value === 0n) return null;
  const numerator = cost.value * 10n ** BigInt(quantity.scale + decimals);
  const denominator = quantity.value * 10n ** BigInt(cost.scale);
  return formatMinor(numerator / denominator, decimals);
}
