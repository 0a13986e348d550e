import { messages as m } from '@exchange/contracts';
import { isCustomer } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { lockUserById } from '../accounts/accounts.repository';
import { recordAdminAction } from '../audit/record-admin-action';
import { sendAccountActionMail } from './account-action-mail';
import { setWithdrawalsFrozen } from './admin-users.repository';

/**
 * Freezes (with the admin's reason) or unfreezes a customer's withdrawals, in one transaction with its
 * audit line, then mails the customer. While frozen, the withdrawal gates refuse a coin or USD
 * withdrawal and an NFT send-out ('withdrawals_frozen', checkWithdrawalEligibility), and a withdrawal
 * already on its way is held for an admin at its next step (the account's standing); trading, swaps and
 * P2P stay on. A freeze that is already in place keeps its first time and takes the new reason. An
 * admin may freeze their own withdrawals (nothing locks them out), not the house's SYSTEM account.
 */
export async function setWithdrawalFreeze(
  ctx: Pick<AppContext, 'db' | 'clock' | 'logger' | 'mailer'>,
  adminId: string,
  input: { userId: string; frozen: boolean; reason?: string | undefined },
): Promise<{ withdrawals_frozen: boolean; reason: string | null }> {
  const now = ctx.clock.now();
  const reason = input.frozen ? (input.reason ?? null) : null;
  const changed = await ctx.db.transaction(async (tx) => {
    const user = await lockUserById(tx, input.userId);
    if (!user || !isCustomer(user)) throw new AppError('not_found', m.adminUserNotFound);
    const wasFrozen = user.withdrawalsFrozenAt !== null;
    if (!input.frozen && !wasFrozen) return false;
    const frozenAt = input.frozen ? (user.withdrawalsFrozenAt ?? now) : null;
    await setWithdrawalsFrozen(tx, user.id, { frozenAt, reason }, now);
    await recordAdminAction(tx, {
      adminId,
      action: input.frozen ? 'WITHDRAWALS_FROZEN' : 'WITHDRAWALS_UNFROZEN',
      targetUserId: user.id,
      details: input.frozen ? { reason } : { reason: user.withdrawalsFrozenReason },
    });
    return true;
  });
  if (changed) {
    ctx.logger.info({ adminId, userId: input.userId, frozen: input.frozen }, 'withdrawal freeze changed');
    await sendAccountActionMail(
      ctx,
      input.userId,
      input.frozen ? 'withdrawals_frozen' : 'withdrawals_unfrozen',
      reason,
    );
  }
  return { withdrawals_frozen: input.frozen, reason };
}
