import { type changePasswordRequestSchema, messages as m } from '@exchange/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context';
import { hashToken, type Session } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { notifySessionsRevoked } from '../../platform/session-revocation';
import * as repo from './auth.repository';

export type ChangePasswordInput = z.output<typeof changePasswordRequestSchema>;

/**
 * Changes the signed-in user's password after checking the current one. Every other sign-in of the
 * account ends, so a device that knew the old password is out; the sign-in making the change (the
 * family of the refresh token it presents, cookie or body) keeps working, so the user is not thrown out
 * of the screen they are on. Without a presented token every sign-in ends. Access tokens of the ended
 * sign-ins stop working at once (the guards check their sign-in) and their sockets are closed.
 */
export async function changePassword(
  ctx: AppContext,
  session: Session,
  input: ChangePasswordInput,
  presentedRefreshToken: string | undefined,
): Promise<void> {
  const now = ctx.clock.now();
  // argon2 runs before the transaction, so its tens of milliseconds never hold the user's row lock
  // or a pooled connection in a transaction.
  const checked = await repo.findUserById(ctx.db, session.userId);
  if (!checked) throw new AppError('unauthorized', 'Unauthorized');
  if (!(await verifyPassword(checked.passwordHash, input.current_password))) {
    throw new AppError('current_password_wrong', m.currentPasswordWrong);
  }
  const newHash = await hashPassword(input.new_password);
  await ctx.db.transaction(async (tx) => {
    const user = await repo.lockUserById(tx, session.userId);
    if (!user) throw new AppError('unauthorized', 'Unauthorized');
    // Changed since the check (a reset or another change won the race): the password the person
    // typed is no longer the account's.
    if (user.passwordHash !== checked.passwordHash) {
      throw new AppError('current_password_wrong', m.currentPasswordWrong);
    }
    const current = presentedRefreshToken
      ? await repo.findRefreshTokenByHash(tx, hashToken(presentedRefreshToken))
      : undefined;
    const keepFamilyId =
      current && current.userId === user.id && current.revokedAt === null ? current.familyId : undefined;
    await repo.setPasswordHash(tx, user.id, newHash, now);
    await repo.revokeUserTokens(tx, user.id, now, keepFamilyId);
    await notifySessionsRevoked(tx, { userId: user.id, exceptSessionId: keepFamilyId });
  });
}
