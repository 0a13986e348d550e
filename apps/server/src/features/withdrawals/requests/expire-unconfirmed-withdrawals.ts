import { messages as m } from '@exchange/contracts';
import { nextWithdrawalStatus } from '@exchange/domain';
import { and, asc, eq, lt } from 'drizzle-orm';
import { withdrawals } from '../../../db/schema';
import type { AppContext } from '../../../platform/app-context';
import { refundWithdrawal } from '../withdrawal-ledger';
import { changeWithdrawal, lockWithdrawal } from '../withdrawals.repository';

/** Withdrawals one run cancels at most; the rest wait for the next run. */
const BATCH = 50;

/**
 * Cancels REQUESTED withdrawals whose mailed code has expired, refunding the held amount in the same
 * transaction, so a request the customer never confirmed does not hold their money until they cancel
 * it themselves. Each row is locked and moved from REQUESTED only, so a confirmation or a cancel that
 * won the race is left as it is. withdrawals_status_created_idx finds the REQUESTED rows.
 */
export async function expireUnconfirmedWithdrawals(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.status, 'REQUESTED'), lt(withdrawals.confirmExpiresAt, now)))
    .orderBy(asc(withdrawals.createdAt))
    .limit(BATCH);
  let expired = 0;
  for (const { id } of due) {
    const done = await ctx.db.transaction(async (tx) => {
      const row = await lockWithdrawal(tx, id);
      if (!row?.confirmExpiresAt || row.confirmExpiresAt >= now) return false;
      const next = nextWithdrawalStatus(row.status, 'cancel');
      if (!next.ok || row.status !== 'REQUESTED') return false;
      const changed = await changeWithdrawal(
        tx,
        row.id,
        'REQUESTED',
        { status: next.value.status, confirmCodeHash: null, finishedAt: now, reason: m.withdrawalCodeUnused },
        now,
      );
      if (!changed) return false;
      await refundWithdrawal(tx, changed);
      return true;
    });
    if (done) expired++;
  }
  return expired;
}
