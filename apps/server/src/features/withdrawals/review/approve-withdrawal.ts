import { formatMessage, messages as m, type WithdrawalItem } from '@exchange/contracts';
import { nextWithdrawalStatus } from '@exchange/domain';
import type { AppContext } from '../../../platform/app-context';
import { AppError } from '../../../platform/errors';
import { recordAdminAction } from '../../audit/record-admin-action';
import { holdReasonsText, withdrawalHoldReason } from '../requests/withdrawal-standing';
import { sendWithdrawalStatusMail } from '../withdrawal-mail';
import { toWithdrawalItem } from '../withdrawal-views';
import { changeWithdrawal, lockWithdrawal, type WithdrawalRow } from '../withdrawals.repository';

type DecideContext = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'logger'>;
type Outcome = { ok: true; row: WithdrawalRow } | { ok: false; error: AppError };

/**
 * An admin approves a withdrawal waiting in the queue (PENDING_APPROVAL): the payout job sends it next.
 * The account's standing is checked first (checkAccountStanding): with a problem the withdrawal stays
 * in the queue, held with every problem (committed and audited), and the admin is answered 409 with
 * them; approving it again once the account is fine sends it (a security change the hold listed no
 * longer holds it), or the admin rejects it and it is refunded.
 * The decision is in the audit log, in the same transaction; the customer is mailed after the commit.
 * A withdrawal decided in the meantime (approved, rejected, cancelled by its owner) answers 409.
 */
export async function approveWithdrawal(
  ctx: DecideContext,
  adminId: string,
  withdrawalId: string,
): Promise<WithdrawalItem> {
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const found = await lockWithdrawal(tx, withdrawalId);
    if (!found) throw new AppError('not_found', m.withdrawalNotFound);
    const next = nextWithdrawalStatus(found.status, 'approve');
    if (!next.ok) throw new AppError('conflict', m.withdrawalAlreadyDecided);
    const heldReason = await withdrawalHoldReason(tx, found);
    if (heldReason) {
      // Held (again) with every problem now, committed before the refusal: the admin sees them all,
      // and a security change up to now counts as seen when this one is approved anew.
      await changeWithdrawal(
        tx,
        found.id,
        found.status,
        { status: found.status, heldReason, heldAt: now },
        now,
      );
      await recordAdminAction(tx, {
        adminId,
        action: 'WITHDRAWAL_HELD',
        targetUserId: found.userId,
        details: { withdrawal: found.id, reasons: heldReason },
      });
      return {
        ok: false,
        error: new AppError(
          'conflict',
          formatMessage(m.withdrawalStillHeld, { reasons: holdReasonsText(heldReason) }),
        ),
      };
    }
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
    return { ok: true, row: changed };
  });
  if (!outcome.ok) throw outcome.error;
  const row = outcome.row;
  await sendWithdrawalStatusMail(ctx, row, 'APPROVED');
  return toWithdrawalItem(row);
}
