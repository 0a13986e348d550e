import { formatMessage, messages } from '@exchange/contracts';
import { type AssetCode, getAsset, parseDecimal } from '@exchange/domain';

/**
 * The swap and multicoin screens' amount rules, in the server's order: not a number 'Amount must be
 * greater than 0'; more decimals than the chosen coin's scale 'Amount can have at most {precision}
 * decimal places' (the coin's scale is what the server accepts, so nothing is rounded here); not above
 * 0 'Amount must be greater than 0'; above the coin's balance 'Insufficient amount'. Null when it passes.
 */
export function swapAmountProblem(
  amount: string,
  balance: string | undefined,
  coin: AssetCode,
): string | null {
  const text = amount.trim();
  const scale = getAsset(coin).scale;
  if (!/^\d+(\.\d+)?$/.test(text)) return messages.swapAmountPositive;
  const value = parseDecimal(text, scale, 'exact');
  if (value === null) return formatMessage(messages.swapAmountPrecision, { precision: `${scale}` });
  if (value <= 0n) return messages.swapAmountPositive;
  const available = parseDecimal(balance ?? '0', scale, 'down') ?? 0n;
  if (value > available) return messages.insufficientAmount;
  return null;
}
