import { formatMessage, messages } from '@exchange/contracts';
import { type AssetCode, formatMinorTrimmed, getAsset, parseDecimal } from '@exchange/domain';

/**
 * The Locked Staking modal's amount rules, in the server's order (create-stake.ts), so the modal says
 * what the server would: empty 'Please Select Stake Amount'; not a positive decimal at the coin's
 * scale (letters, a sign, 0, more decimals than the coin has) 'Please Enter Valid Stake Amount';
 * below the variant's minimum 'Minimum stake amount is {min}'; above the spendable balance
 * 'Insufficient amount'. A balance still loading (undefined) is left to the server. Null when it passes.
 */
export function stakeAmountProblem(
  amount: string,
  minAmount: string,
  available: string | undefined,
  coin: AssetCode,
): string | null {
  const text = amount.trim();
  if (text === '') return messages.stakeAmountRequired;
  const { scale } = getAsset(coin);
  const principal = /^\d+(\.\d+)?$/.test(text) ? parseDecimal(text, scale, 'exact') : null;
  if (principal === null || principal <= 0n) return messages.stakeAmountInvalid;
  const minimum = parseDecimal(minAmount, scale, 'up') ?? 0n;
  if (principal < minimum) {
    return formatMessage(messages.stakeBelowMinimum, { min: formatMinorTrimmed(minimum, scale) });
  }
  if (available === undefined) return null;
  const spendable = parseDecimal(available, scale, 'down') ?? 0n;
  if (principal > spendable) return messages.insufficientAmount;
  return null;
}
