import { nextWithdrawalStatus } from '@exchange/domain';
import type { AppContext } from '../../../platform/app-context';
import { holdForAdmin, withdrawalHoldReason } from '../requests/withdrawal-standing';
import { changeWithdrawal, lockWithdrawal, type WithdrawalRow } from '../withdrawals.repository';

/**
 * The payout job takes one APPROVED USD withdrawal for itself, APPROVED → SENDING, in one transaction
 * and BEFORE anything is asked of PayPal (issue 43): from SENDING no admin may reject it and no customer
 * may cancel it, because from here PayPal may pay it whatever its answer says. The row is locked and
 * the update is conditional on APPROVED, so of two jobs (or two processes) and an admin's rejection
 * racing for the same row exactly one wins; the others find it moved and leave it. Answers the claimed
 * row, or undefined when it was no longer APPROVED.
 *
 * This is the last moment a USD withdrawal can still be stopped without asking PayPal, so a check that
 * must hold when the money leaves belongs here, inside this transaction, before the claim: the
 * account's standing (checkAccountStanding, issue 43). One that fails it is held for an admin instead
 * (APPROVED → PENDING_APPROVAL with the reason), never claimed, nothing asked of PayPal.
 */
export async function claimUsdPayout(
  ctx: Pick<AppContext, 'db' | 'clock' | 'logger'>,
  withdrawalId: string,
): Promise<WithdrawalRow | undefined> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const locked = await lockWithdrawal(tx, withdrawalId);
    if (locked?.status !== 'APPROVED' || locked.method !== 'paypal') return undefined;
    const heldReason = await withdrawalHoldReason(tx, locked);
    if (heldReason) {
      await holdForAdmin(ctx, tx, locked, heldReason, now);
      return undefined;
    }
    const next = nextWithdrawalStatus(locked.status, 'claim');
    if (!next.ok) return undefined;
    // sentAt is when it was first handed to PayPal: a retry under the same idempotency key must come
    // within PayPal's 30 days of memory (send-usd-payouts.ts).
    return changeWithdrawal(tx, locked.id, 'APPROVED', { status: next.value.status, sentAt: now }, now);
  });
}
