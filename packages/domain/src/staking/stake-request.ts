import { readAmountText } from '../amount-text';
import { type AssetCode, getAsset } from '../assets';
import { formatMinorTrimmed, type Minor } from '../money';
import { ok, type Result, reject } from '../result';
import type { StakeCreateRejection, StakeVariant } from './stake';

export interface StakeRequest {
  /** The stake option's coin: its ledger scale is the amount's. */
  readonly asset: AssetCode;
  /** The chosen duration's variant; undefined when none (or one the option does not offer) is chosen. */
  readonly variant: Pick<StakeVariant, 'minAmount'> | undefined;
  /** The principal as typed or sent. */
  readonly amount: string | null | undefined;
  /**
   * The spendable (AVAILABLE) balance of `asset`, in its minor units, when the caller knows it: the
   * screen passes what the wallet query shows, and leaves it out while the wallet is loading.
   */
  readonly balance: Minor | undefined;
}

export type StakeRequestRejection = StakeCreateRejection | 'stake_amount_invalid' | 'insufficient_amount';

/**
 * The Locked Staking form's rules (spec sections 4 and 7), for the server and the screen alike.
 * Rejections, in this order:
 *  1. no variant of the chosen duration: 'stake_duration_required';
 *  2. no amount: 'stake_amount_required';
 *  3. not a positive decimal at the coin's scale (letters, a sign, zero, more decimal places than the
 *     coin has): 'stake_amount_invalid': a typed amount the user must correct, not a missing one;
 *  4. below the variant's minimum: 'stake_below_minimum' {min} (the minimum as the coin's decimal,
 *     trailing zeros cut);
 *  5. above the balance, when it is known: 'insufficient_amount'.
 * Returns the principal in the coin's minor units. The server leaves the balance out: its ledger
 * moves the principal from AVAILABLE to LOCKED with a conditional debit that answers the same
 * 'insufficient_amount' (last, so the order is the same) and keeps parallel stakes from overdrawing.
 */
export function checkStakeRequest(request: StakeRequest): Result<Minor, StakeRequestRejection> {
  if (!request.variant) return reject('stake_duration_required');
  const scale = getAsset(request.asset).scale;
  const amount = readAmountText(request.amount, scale);
  if (amount.kind === 'empty') return reject('stake_amount_required');
  if (amount.kind !== 'minor' || amount.value <= 0n) return reject('stake_amount_invalid');
  const { minAmount } = request.variant;
  if (amount.value < minAmount)
    return reject('stake_below_minimum', { min: formatMinorTrimmed(minAmount, scale) });
  if (request.balance !== undefined && amount.value > request.balance) return reject('insufficient_amount');
  return ok(amount.value);
}
