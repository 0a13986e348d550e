import { type AccountStatus, messages as m } from '@exchange/contracts';
import { isCustomer } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { lockUserById } from '../accounts/accounts.repository';
import { recordAdminAction } from '../audit/record-admin-action';
import { sendAccountActionMail } from './account-action-mail';
import { setUserStatus } from './admin-users.repository';

/** What disabling an account does in the features that own it (auth, trading), wired in app.ts. */
export interface AccountDisableEffects {
  /** Ends every sign-in of the user, inside the disabling transaction. */
  readonly revokeSignIns: (tx: Tx, userId: string, at: Date) => Promise<void>;
  /** Cancels the user's open orders on their markets' loops, after the commit; answers how many. */
  readonly cancelOpenOrders: (userId: string) => Promise<number>;
}

/**
 * Disables or re-enables an account (the spec's "Delete", now "Disable": nothing is erased, funds
 * stay). Disabling names its reason (the request schema requires it), kept in the audit line and
 * mailed to the customer, as re-enabling is. Disabling, in one transaction with its audit line: the status changes, every sign-in is revoked
 * (access tokens stop at the guards' next check) and every process closes the user's sockets once it
 * commits. Then each open limit order is cancelled on its market's loop, which releases its hold; an
 * order that filled in the meantime is simply no longer open. An admin cannot disable themselves, so
 * the last admin cannot lock everyone out by mistake, and nobody can change the house liquidity account.
 */
export async function setAccountStatus(
  ctx: AppContext,
  effects: AccountDisableEffects,
  adminId: string,
  input: { userId: string; status: AccountStatus; reason?: string | undefined },
): Promise<{ status: AccountStatus; cancelled_orders: number }> {
  if (input.userId === adminId && input.status === 'DISABLED')
    throw new AppError('unprocessable', m.cannotDisableSelf);
  const now = ctx.clock.now();
  const changed = await ctx.db.transaction(async (tx) => {
    const user = await lockUserById(tx, input.userId);
    // A SYSTEM account (the house liquidity account) is the exchange's own, not a customer's: the user
    // list leaves it out, and "disabling" it (it is always disabled) would sweep the house's resting
    // orders off the books.
    if (!user || !isCustomer(user)) throw new AppError('not_found', m.adminUserNotFound);
    if (user.status === input.status) return false;
    await setUserStatus(tx, user.id, input.status, now);
    if (input.status === 'DISABLED') await effects.revokeSignIns(tx, user.id, now);
    await recordAdminAction(tx, {
      adminId,
      action: input.status === 'DISABLED' ? 'ACCOUNT_DISABLED' : 'ACCOUNT_ENABLED',
      targetUserId: user.id,
      details: { from: user.status, to: input.status, ...(input.reason ? { reason: input.reason } : {}) },
    });
    return true;
  });
  // Swept even when the status was already DISABLED: a retry finishes a sweep a crash cut short.
  const cancelled = input.status === 'DISABLED' ? await effects.cancelOpenOrders(input.userId) : 0;
  if (changed) {
    ctx.logger.info({ adminId, userId: input.userId, status: input.status }, 'account status changed');
    const action = input.status === 'DISABLED' ? 'disabled' : 'enabled';
    await sendAccountActionMail(ctx, input.userId, action, input.reason ?? null);
  }
  return { status: input.status, cancelled_orders: cancelled };
}
