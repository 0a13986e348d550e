import { messages as m, type Role } from '@exchange/contracts';
import { isCustomer } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { lockUserById } from '../accounts/accounts.repository';
import { recordAdminAction } from '../audit/record-admin-action';
import { setUserRole } from './admin-users.repository';
import type { AccountDisableEffects } from './set-user-status';

/**
 * Makes a customer an admin, or an admin a customer, in one transaction with its audit line. Every
 * sign-in of the user ends with it (through the auth feature's revocation, wired in app.ts): a session
 * started under the old role never carries the new one, and a new admin signs in again, where an
 * admin's two-factor rules apply from the start. An admin cannot change their own role, and the
 * house's SYSTEM account is no one's to promote.
 */
export async function changeUserRole(
  ctx: Pick<AppContext, 'db' | 'clock' | 'logger'>,
  effects: Pick<AccountDisableEffects, 'revokeSignIns'>,
  adminId: string,
  input: { userId: string; role: Role },
): Promise<{ role: Role }> {
  if (input.userId === adminId) throw new AppError('unprocessable', m.cannotChangeOwnRole);
  const now = ctx.clock.now();
  const changed = await ctx.db.transaction(async (tx) => {
    const user = await lockUserById(tx, input.userId);
    if (!user || !isCustomer(user)) throw new AppError('not_found', m.adminUserNotFound);
    if (user.role === input.role) return false;
    await setUserRole(tx, user.id, input.role, now);
    await effects.revokeSignIns(tx, user.id, now);
    await recordAdminAction(tx, {
      adminId,
      action: 'ROLE_CHANGED',
      targetUserId: user.id,
      details: { from: user.role, to: input.role },
    });
    return true;
  });
  if (changed) ctx.logger.info({ adminId, userId: input.userId, role: input.role }, 'role changed');
  return { role: input.role };
}
