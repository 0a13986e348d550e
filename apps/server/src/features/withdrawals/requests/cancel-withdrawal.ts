import { type CancelWithdrawalBody, messages as m, type WithdrawalItem } from '@exchange/contracts';
import { nextWithdrawalStatus } from '@exchange/domain';
import type { AppContext } from '../../../platform/app-context';
import { AppError } from '../../../platform/errors';
import { refundWithdrawal } from '../withdrawal-ledger';
import { toWithdrawalItem } from '../withdrawal-views';
import { changeWithdrawal, lockWithdrawal } from '../withdrawals.repository';

/**
 * The owner cancels a withdrawal that is not approved yet (REQUESTED or PENDING_APPROVAL): the held
 * amount goes back to AVAILABLE in the same transaction. The row is locked, so a cancel racing an
 * admin's approval ends one way only. Another user's withdrawal answers 404.
 */
export async function cancelWithdrawal(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: string,
  body: CancelWithdrawalBody,
): Promise<WithdrawalItem> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const found = await lockWithdrawal(tx, body.withdrawal_id, userId);
    if (!found) throw new AppError('not_found', m.withdrawalNotFound);
    if (found.status === 'SENDING') throw new AppError('conflict', m.withdrawalBeingSentNoCancel);
    const next = nextWithdrawalStatus(found.status, 'cancel');
    if (!next.ok) throw new AppError('conflict', m.withdrawalCannotCancel);
    const changed = await changeWithdrawal(
      tx,
      found.id,
      found.status,
      { status: next.value.status, confirmCodeHash: null, finishedAt: now },
      now,
    );
    if (!changed) throw new AppError('conflict', m.withdrawalCannotCancel);
    await refundWithdrawal(tx, changed);
    return changed;
  });
  return toWithdrawalItem(row);
}
