import { formatMessage, messages } from '@exchange/contracts';
import { decideKycReview } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { recordAdminAction } from '../audit/record-admin-action';
import { decideKyc, lockKyc, markUserKycVerified } from './admin-kyc.repository';
import { findUserEmail, type KycRow } from './kyc.repository';
import { notifyKycDecision } from './kyc-events';

/**
 * An admin approves or rejects a PENDING submission, once. In one transaction: lock the submission,
 * let the domain decide whether it can still be decided, record the decision (guarded by its
 * status), on approval mark the user verified and run the approval effects (told whether the
 * submission matched another account's identity and whether the admin confirmed the referral reward
 * despite it), write the audit line, which records that choice on a flagged approval, and queue the
 * notification that tells the customer's open screens on commit. An admin's own submission is refused
 * (403). A second admin racing the first gets a 409. The customer is mailed after the commit.
 */
export async function verifyKyc(
  ctx: Pick<AppContext, 'db' | 'clock' | 'mailer' | 'logger' | 'kycApprovalEffects'>,
  adminId: string,
  input: {
    user_id: string;
    kyc_id: string;
    status: 'APPROVED' | 'REJECTED';
    reason?: string | undefined;
    pay_referral_despite_match?: boolean | undefined;
  },
): Promise<KycRow> {
  const at = ctx.clock.now();
  const reason = input.status === 'REJECTED' ? (input.reason ?? '') : null;
  const decided = await ctx.db.transaction(async (tx) => {
    const current = await lockKyc(tx, input.kyc_id, input.user_id);
    if (!current) throw new AppError('not_found', messages.kycNotFound);
    // Four eyes: an admin never decides their own submission (it stays pending for another admin).
    if (current.userId === adminId) throw new AppError('forbidden', messages.kycOwnReview);
    const review = decideKycReview(current.status, input.status);
    if (!review.ok) throw new AppError('kyc_already_decided', messages.kycAlreadyDecided);
    const row = await decideKyc(tx, { kycId: current.id, status: review.value, reason, adminId, at });
    if (!row) throw new AppError('kyc_already_decided', messages.kycAlreadyDecided);
    const approval = {
      kycId: row.id,
      identityMatched: row.identityMatches.length > 0,
      payReferralDespiteMatch: input.pay_referral_despite_match === true,
    };
    if (row.status === 'APPROVED') {
      await markUserKycVerified(tx, row.userId, at);
      for (const effect of ctx.kycApprovalEffects ?? []) await effect(tx, row.userId, approval);
    }
    await recordAdminAction(tx, {
      adminId,
      action: row.status === 'APPROVED' ? 'KYC_APPROVED' : 'KYC_REJECTED',
      targetUserId: row.userId,
      details: {
        kyc_id: row.id,
        ...(reason ? { reason } : {}),
        // A flagged approval records whether the admin chose to pay the referral reward anyway.
        ...(approval.identityMatched
          ? {
              identity_matches: row.identityMatches.map((m) => m.user_id),
              ...(row.status === 'APPROVED'
                ? { pay_referral_despite_match: approval.payReferralDespiteMatch }
                : {}),
            }
          : {}),
      },
    });
    // The customer's open screens hear the decision once it commits (kyc-events.ts).
    await notifyKycDecision(tx, row.userId, row.status);
    return row;
  });
  await tellCustomer(ctx, decided);
  return decided;
}

/** The decision is already committed: a mail failure is logged, never turned into a failed decision. */
async function tellCustomer(ctx: Pick<AppContext, 'db' | 'mailer' | 'logger'>, kyc: KycRow): Promise<void> {
  try {
    const email = await findUserEmail(ctx.db, kyc.userId);
    if (!email) return;
    const approved = kyc.status === 'APPROVED';
    await ctx.mailer.send({
      to: email,
      subject: approved ? messages.kycMailApprovedSubject : messages.kycMailRejectedSubject,
      text: approved
        ? messages.kycMailApprovedText
        : formatMessage(messages.kycMailRejectedText, { reason: kyc.reason ?? '' }),
    });
  } catch (error) {
    ctx.logger.error({ err: error, kycId: kyc.id }, 'KYC decision mail failed');
  }
}
