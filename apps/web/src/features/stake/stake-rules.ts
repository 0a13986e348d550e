import { stakeRuleMessage } from '@exchange/contracts';
import { type AssetCode, balanceMinor, checkStakeRequest, getAsset, parseDecimal } from '@exchange/domain';

/**
 * The Locked Staking modal's amount rules: the domain's checkStakeRequest, which the server runs too
 * (create-stake.ts), with the spec's messages (STAKE_RULE_MESSAGES). In its order: empty 'Please Select
 * Stake Amount'; not a positive decimal at the coin's scale (letters, a sign, 0, more decimals than the
 * coin has) 'Please Enter Valid Stake Amount'; below the variant's minimum 'Minimum stake amount is
 * {min}'; above the spendable balance 'Insufficient amount'. A balance still loading (undefined) is
 * left to the server. Null when it passes.
 */
export function stakeAmountProblem(
  amount: string,
  minAmount: string,
  available: string | undefined,
  coin: AssetCode,
): string | null {
  const { scale } = getAsset(coin);
  const checked = checkStakeRequest({
    asset: coin,
    variant: { minAmount: parseDecimal(minAmount, scale, 'up') ?? 0n },
    amount,
    balance: available === undefined ? undefined : balanceMinor(available, scale),
  });
  return checked.ok ? null : stakeRuleMessage(checked.code, checked.params);
}
