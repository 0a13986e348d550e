import type { StakeVariantView } from '@exchange/contracts';
import {
  type AssetCode,
  addDays,
  formatMinor,
  getAsset,
  parseDecimal,
  stakeInterest,
} from '@exchange/domain';

export interface StakeSummary {
  readonly interest: string;
  readonly payout: string;
  readonly endDate: Date;
}

/**
 * What the modal shows before the user stakes: interest (principal × APY × days / 365, rounded down
 * exactly as the server pays it) and the payout, as decimal strings; null until the amount is a
 * valid positive number at the coin's scale.
 */
export function stakeSummary(
  symbol: AssetCode,
  variant: StakeVariantView,
  amount: string,
  now: Date,
): StakeSummary | null {
  const { scale } = getAsset(symbol);
  const principal = parseDecimal(amount, scale, 'exact');
  const apyBps = parseDecimal(variant.apy, 2, 'down');
  if (principal === null || principal <= 0n || apyBps === null) return null;
  const interest = stakeInterest(principal, apyBps, variant.duration);
  return {
    interest: formatMinor(interest, scale),
    payout: formatMinor(principal + interest, scale),
    endDate: addDays(now, variant.duration),
  };
}
