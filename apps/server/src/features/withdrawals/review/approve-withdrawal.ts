import { formatMessage, messages as m, type WithdrawalItem } from '@exchange/contracts';
import { decideApproval, nextWithdrawalStatus } from '@exchange/domain';
import type { AppContext } from '../../../platform/app-context';
import { AppError } from '../../../platform/errors';
import { recordAdminAction } from '../../audit/record-admin-action';
import { holdReasonsText, withdrawalHoldReason } from '../requests/withdrawal-standing';
import { sendWithdrawalStatusMail } from '../withdrawal-mail';
import { toWithdrawalItem } from '../withdrawal-views';
import { changeWithdrawal, lockWithdrawal, type WithdrawalRow } from '../withdrawals.repository';

type DecideContext = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'logger' | 'config'>;
type Outcome = { ok: true; row: WithdrawalRow; final: boolean } | { ok: false; error: AppError };

/** What an approval did: `final` sent the withdrawal on; otherwise it was the first of two. */
export interface ApprovalResult {
  readonly item: WithdrawalItem;
  readonly final: boolean;
}

/**
 * An admin approves a withdrawal waiting in the queue (PENDING_APPROVAL): the payout job sends it next.
 * The account's standing is checked first (checkAccountStanding): with a problem the withdrawal stays
 * in the queue, held with every problem (committed and audited), and the admin is answered 409 with
 * them; approving it again once the account is fine sends it (a security change the hold listed no
 * longer holds it), or the admin rejects it and it is refunded.
 * The decision is in the audit log, in the same transaction; the customer is mailed after the commit.
 * A withdrawal decided in the meantime (approved, rejected, cancelled by its owner) answers 409; an
 * admin's own withdrawal is never theirs to approve (403).
 *
 * Four eyes (issue 46): a withdrawal worth more than WITHDRAWAL_SECOND_APPROVAL_ABOVE_USD needs two
 * different admins (`decideApproval`). The first approval is kept on the row (it stays
 * PENDING_APPROVAL, so the payout job does not see it) and audited as WITHDRAWAL_FIRST_APPROVAL; the
 * same admin approving again is answered 409; a different admin's approval decides it. The row lock
 * orders admins approving at once: exactly one approval is the final one, and the withdrawal's status
 * moves once (a later one answers 409 'already decided').
 */
export async function approveWithdrawal(
  ctx: DecideContext,
  adminId: string,
  withdrawalId: string,
): Promise<ApprovalResult> {
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const found = await lockWithdrawal(tx, withdrawalId);
    if (!found) throw new AppError('not_found', m.withdrawalNotFound);
    const next = nextWithdrawalStatus(found.status, 'approve');
    if (!next.ok) throw new AppError('conflict', m.withdrawalAlreadyDecided);
    // Nobody approves money out of their own account, whatever its size.
    if (found.userId === adminId) throw new AppError('forbidden', m.withdrawalOwnApproval);
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
    const approval = decideApproval({
      valueCents: BigInt(found.valueCents),
      secondApprovalAboveCents: ctx.config.withdrawals.secondApprovalAboveCents,
      firstApprovedBy: found.firstApprovedBy,
      adminId,
    });
    if (!approval.ok) throw new AppError('conflict', m.withdrawalSameAdminSecondApproval);
    const details = { withdrawal: found.id, asset: found.asset, amount: found.amount };
    if (approval.value === 'first') {
      const changed = await changeWithdrawal(
        tx,
        found.id,
        found.status,
        { status: found.status, firstApprovedBy: adminId, firstApprovedAt: now },
        now,
      );
      if (!changed) throw new AppError('conflict', m.withdrawalAlreadyDecided);
      await recordAdminAction(tx, {
        adminId,
        action: 'WITHDRAWAL_FIRST_APPROVAL',
        targetUserId: found.userId,
        details,
      });
      return { ok: true, row: changed, final: false };
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
      details: found.firstApprovedBy ? { ...details, first_approved_by: found.firstApprovedBy } : details,
    });
    return { ok: true, row: changed, final: true };
  });
  if (!outcome.ok) throw outcome.error;
  const row = outcome.row;
  if (outcome.final) await sendWithdrawalStatusMail(ctx, row, 'APPROVED');
  return { item: toWithdrawalItem(row), final: outcome.final };
}
