import { messages } from '@exchange/contracts';
import { type AssetCode, getAsset, parseDecimal } from '@exchange/domain';

/**
 * The swap and multicoin screens' amount rules, in the spec's order: not a number above 0 'Amount must
 * be greater than 0'; above the chosen coin's balance 'Insufficient amount'. Null when it passes.
 */
export function swapAmountProblem(
  amount: string,
  balance: string | undefined,
  coin: AssetCode,
): string | null {
  const text = amount.trim();
  const scale = getAsset(coin).scale;
  const value = /^\d+(\.\d+)?$/.test(text) ? parseDecimal(text, scale, 'up') : null;
  if (value === null || value <= 0n) return messages.swapAmountPositive;
  const available = parseDecimal(balance ?? '0', scale, 'down') ?? 0n;
  if (value > available) return messages.insufficientAmount;
  return null;
}
