import { messages as m, type WithdrawalItem } from '@exchange/contracts';
import { nextWithdrawalStatus } from '@exchange/domain';
import type { AppContext } from '../../../platform/app-context';
import { AppError } from '../../../platform/errors';
import { recordAdminAction } from '../../audit/record-admin-action';
import { refundWithdrawal } from '../withdrawal-ledger';
import { sendWithdrawalStatusMail } from '../withdrawal-mail';
import { toWithdrawalItem } from '../withdrawal-views';
import { changeWithdrawal, lockWithdrawal } from '../withdrawals.repository';

type DecideContext = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'logger'>;

/**
 * An admin rejects a withdrawal not yet sent (PENDING_APPROVAL, or APPROVED and not yet claimed by the
 * payout job), with a reason the customer is told: the held amount goes back to AVAILABLE in the same
 * transaction as the status and the audit line. The row is locked, so a rejection racing the payout
 * job's claim ends one way only; a SENDING one answers 409 and nothing changes.
 */
export async function rejectWithdrawal(
  ctx: DecideContext,
  adminId: string,
  withdrawalId: string,
  reasonText: string,
): Promise<WithdrawalItem> {
  const reason = reasonText.trim();
  if (reason === '') throw new AppError('unprocessable', m.withdrawalReasonRequired);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const found = await lockWithdrawal(tx, withdrawalId);
    if (!found) throw new AppError('not_found', m.withdrawalNotFound);
    // A claimed payout may already be paid at PayPal: only the payout job ends it (issue 43).
    if (found.status === 'SENDING') throw new AppError('conflict', m.withdrawalBeingSentNoReject);
    const next = nextWithdrawalStatus(found.status, 'reject');
    if (!next.ok) throw new AppError('conflict', m.withdrawalAlreadyDecided);
    const changed = await changeWithdrawal(
      tx,
      found.id,
      found.status,
      { status: next.value.status, decidedBy: adminId, decidedAt: now, finishedAt: now, reason },
      now,
    );
    if (!changed) throw new AppError('conflict', m.withdrawalAlreadyDecided);
    await refundWithdrawal(tx, changed);
    await recordAdminAction(tx, {
      adminId,
      action: 'WITHDRAWAL_REJECTED',
      targetUserId: found.userId,
      details: { withdrawal: found.id, asset: found.asset, amount: found.amount, reason },
    });
    return changed;
  });
  await sendWithdrawalStatusMail(ctx, row, 'REJECTED');
  return toWithdrawalItem(row);
}
