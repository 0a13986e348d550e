import { assert, decideReferralReward, isAssetCode, referralRewardReference } from '@exchange/domain';
import type { KycApproval } from '../../platform/app-context';
import type { Tx } from '../../platform/db';
import { postEntry } from '../ledger/post-entries';
import { upsertWalletTransaction } from '../ledger/wallet-history';
import * as repo from './referrals.repository';

export type CreditOutcome = 'no_referral' | 'already_settled' | 'paid' | 'rejected';

/**
 * Pays the referrer of `referredUserId` their reward, run inside the transaction that approves the
 * referred user's KYC (a KYC approval effect). Load and lock the referral row, let the domain decide,
 * save (a referred user whose submission matched another account's identity earns nothing unless
 * the approving admin confirmed it; the referral becomes REJECTED): the ledger entry (from REFERRAL_EXPENSE, unique reference per referral), the referral's move
 * PENDING -> SUCCESS and the referrer's history row. Paid exactly once: the row lock serialises
 * concurrent approvals, the PENDING guard turns a retry into 'already_settled', and the entry's
 * unique reference would refuse a second posting even if both were bypassed.
 */
export async function creditReferralReward(
  tx: Tx,
  referredUserId: string,
  approval: Pick<KycApproval, 'identityMatched' | 'payReferralDespiteMatch'> = {
    identityMatched: false,
    payReferralDespiteMatch: false,
  },
): Promise<CreditOutcome> {
  const found = await repo.lockReferralOfReferred(tx, referredUserId);
  if (!found) return 'no_referral';
  const { referral } = found;
  assert(isAssetCode(referral.asset), `referral ${referral.id} pays a known asset`);
  const decided = decideReferralReward({
    referral: {
      referrerId: referral.referrerId,
      referredId: referral.referredId,
      status: referral.status,
      amount: BigInt(referral.amount),
      asset: referral.asset,
    },
    referrerStatus: found.referrerStatus,
    identity: { matched: approval.identityMatched, payDespiteMatch: approval.payReferralDespiteMatch },
  });
  if (!decided.ok) return 'already_settled';
  const { status, postings } = decided.value;

  let entryId: bigint | null = null;
  if (postings.length > 0) {
    const posted = await postEntry(tx, {
      kind: 'REFERRAL_REWARD',
      reference: referralRewardReference(referral.id),
      userId: referral.referrerId,
      postings,
      memo: { referral: referral.id, referred: referral.referredId },
    });
    // The row lock and the PENDING guard make a second posting unreachable; if it ever happens the
    // transaction must not go on as if it paid.
    assert(posted.ok, `referral ${referral.id} reward posts once (${posted.ok ? '' : posted.code})`);
    entryId = posted.value.entryId;
  }
  const settled = await repo.settleReferral(tx, referral.id, status);
  assert(settled, `referral ${referral.id} was PENDING under its lock`);
  if (status === 'SUCCESS' && entryId !== null) {
    await upsertWalletTransaction(tx, {
      reference: referralRewardReference(referral.id),
      userId: referral.referrerId,
      event: { kind: 'referral_reward', asset: referral.asset, amount: BigInt(referral.amount) },
      status: 'SUCCESS',
      entryId,
    });
  }
  return status === 'SUCCESS' ? 'paid' : 'rejected';
}
