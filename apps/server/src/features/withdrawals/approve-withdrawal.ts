import { messages as m, type WithdrawalItem } from '@exchange/contracts';
import { nextWithdrawalStatus } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { recordAdminAction } from '../audit/record-admin-action';
import { sendWithdrawalStatusMail } from './withdrawal-mail';
import { toWithdrawalItem } from './withdrawal-views';
import { changeWithdrawal, lockWithdrawal } from './withdrawals.repository';

type DecideContext = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'logger'>;

/**
 * An admin approves a withdrawal waiting in the queue (PENDING_APPROVAL): the payout job sends it next.
 * The decision is in the audit log, in the same transaction; the customer is mailed after the commit.
 * A withdrawal decided in the meantime (approved, rejected, cancelled by its owner) answers 409.
 */
export async function approveWithdrawal(
  ctx: DecideContext,
  adminId: string,
  withdrawalId: string,
): Promise<WithdrawalItem> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const found = await lockWithdrawal(tx, withdrawalId);
    if (!found) throw new AppError('not_found', m.withdrawalNotFound);
    const next = nextWithdrawalStatus(found.status, 'approve');
    if (!next.ok) throw new AppError('conflict', m.withdrawalAlreadyDecided);
    const changed = await changeWithdrawal(
      tx,
      found.id,
      found.status,
      { status: next.value.status, decidedBy: adminId, decidedAt: now },
      now,
    );
    if (!changed) throw new AppError('conflict', m.withdrawalAlreadyDecided);
    await recordAdminAction(tx, {
      adminId,
      action: 'WITHDRAWAL_APPROVED',
      targetUserId: found.userId,
      details: { withdrawal: found.id, asset: found.asset, amount: found.amount },
    });
    return changed;
  });
  await sendWithdrawalStatusMail(ctx, row, 'APPROVED');
  return toWithdrawalItem(row);
}
