import type { AssetCode } from '../assets';
import { type Posting, systemAccount, transferPostings, userAccount } from '../ledger';
import type { Minor } from '../money';
import { ok, type Result, reject } from '../result';

export type ReferralStatus = 'PENDING' | 'SUCCESS' | 'REJECTED';

export interface ReferralRewardFacts {
  readonly referral: {
    readonly referrerId: string;
    readonly referredId: string;
    readonly status: ReferralStatus;
    /** The reward fixed when the referral was written, in minor units of `asset`. */
    readonly amount: Minor;
    readonly asset: AssetCode;
  };
  /** The referrer's account status at the moment of the approval. */
  readonly referrerStatus: 'ACTIVE' | 'DISABLED';
  /**
   * The approved submission shares an identity with another account's (findIdentityMatches), and
   * whether the approving admin confirmed the reward despite it. Absent: no match.
   */
  readonly identity?: { readonly matched: boolean; readonly payDespiteMatch: boolean };
}

export interface ReferralRewardDecision {
  /** What the referral row becomes: SUCCESS when paid, REJECTED when it can never be paid. */
  readonly status: 'SUCCESS' | 'REJECTED';
  /** Why nothing is paid, when the row is REJECTED. */
  readonly reason?: 'self_referral' | 'duplicate_identity' | 'referrer_disabled';
  /** The ledger postings to make; empty when nothing is paid. */
  readonly postings: readonly Posting[];
}

/**
 * Decides what a referral earns once the referred user's KYC is approved. Checked in this order:
 * a referral that is no longer PENDING was settled before ('already_settled', nothing changes, which
 * makes a retried approval harmless); then, each making the row REJECTED with no postings: a user
 * who referred themselves earns nothing; a referred user whose submission matched another account's
 * identity earns their referrer nothing unless the approving admin confirmed the reward (the farming
 * the match suggests is not paid by default); a disabled referrer earns nothing. Otherwise the referral's fixed
 * amount moves from the REFERRAL_EXPENSE system account to the referrer's available balance and the
 * row becomes SUCCESS; a zero amount (rewards switched off) settles the row without postings.
 */
export function decideReferralReward(
  facts: ReferralRewardFacts,
): Result<ReferralRewardDecision, 'already_settled'> {
  const { referral } = facts;
  if (referral.status !== 'PENDING') return reject('already_settled');
  if (referral.referrerId === referral.referredId) {
    return ok({ status: 'REJECTED', reason: 'self_referral', postings: [] });
  }
  if (facts.identity?.matched && !facts.identity.payDespiteMatch) {
    return ok({ status: 'REJECTED', reason: 'duplicate_identity', postings: [] });
  }
  if (facts.referrerStatus !== 'ACTIVE') {
    return ok({ status: 'REJECTED', reason: 'referrer_disabled', postings: [] });
  }
  const postings =
    referral.amount > 0n
      ? transferPostings(
          systemAccount('REFERRAL_EXPENSE', referral.asset),
          userAccount(referral.referrerId, referral.asset),
          referral.amount,
        )
      : [];
  return ok({ status: 'SUCCESS', postings });
}

/** The ledger reference of a referral's reward: one per referral, so it can post only once. */
export function referralRewardReference(referralId: string): string {
  return `referral:${referralId}`;
}
