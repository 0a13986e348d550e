import { formatMinor, parseDecimal } from '@exchange/domain';

/** Enough digits for every asset's scale, so adding two balances never rounds. */
const SUM_SCALE = 18;

/**
 * The total of an asset: what can be spent plus what orders and stakes hold. Decimal strings in,
 * a decimal string out; a value that does not parse counts as nothing rather than breaking the row.
 */
export function totalBalance(balance: string, locked: string): string {
  const sum =
    (parseDecimal(balance, SUM_SCALE, 'down') ?? 0n) + (parseDecimal(locked, SUM_SCALE, 'down') ?? 0n);
  return formatMinor(sum, SUM_SCALE);
}

/** Whether a decimal string is above zero (the payment step's own check, spec section 5). */
export function isPositiveAmount(value: string): boolean {
  const parsed = /^\d+(\.\d+)?$/.test(value.trim()) ? parseDecimal(value.trim(), SUM_SCALE, 'down') : null;
  return parsed !== null && parsed > 0n;
}
