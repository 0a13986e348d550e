import { messages as m, type resetPasswordRequestSchema } from '@exchange/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context';
import { hashPassword } from '../../platform/passwords';
import { notifySessionsRevoked } from '../../platform/session-revocation';
import * as accounts from '../accounts/accounts.repository';
import type { ApiKeyRevocation } from '../accounts/api-key-revocation';
import { sendSecurityChangeMail } from '../accounts/security-mail';
import * as repo from './auth.repository';
import { checkOtp, otpRejection } from './otp-codes';

export type ResetPasswordInput = z.output<typeof resetPasswordRequestSchema>;

/**
 * Sets a new password with a valid PASSWORD_RESET code, which is used up. Every sign-in of the account
 * ends (whoever knew the old password is out), and the e-mail counts as verified, since the code
 * reached its mailbox. Every API key of the account is revoked with it, and the owner's mail counts
 * them. A wrong code counts as a try, exactly as on the verify screen.
 */
export async function resetPassword(
  ctx: AppContext,
  input: ResetPasswordInput,
  apiKeys: ApiKeyRevocation,
): Promise<string> {
  const now = ctx.clock.now();
  // Hashed before the transaction, so argon2 never holds the user's row lock or the code's budget
  // lock. Every try, right or wrong code, known address or not, costs the same argon2 work (as a
  // sign-in does), which also keeps the answer's timing from telling whether the code was right.
  const passwordHash = await hashPassword(input.password);
  const check = await ctx.db.transaction(async (tx) => {
    const user = await repo.lockUserByEmail(tx, input.email);
    const result = await checkOtp(tx, ctx, input.email, user, ['PASSWORD_RESET'], input.otp, now);
    if (!result.ok || !user) return result;
    await repo.setPasswordHash(tx, user.id, passwordHash, now);
    await repo.consumeOtp(tx, result.otp.id, now);
    await repo.markEmailVerified(tx, user.id, now);
    await accounts.revokeUserTokens(tx, user.id, now);
    await notifySessionsRevoked(tx, { userId: user.id });
    const revokedApiKeys = await apiKeys.revokeAll(tx, user.id, now);
    return { ...result, userId: user.id, revokedApiKeys };
  });
  if (!check.ok) throw otpRejection(check.code);
  if ('userId' in check) {
    apiKeys.forget(check.userId);
    await sendSecurityChangeMail(ctx, check.userId, 'password_reset', {
      revokedApiKeys: check.revokedApiKeys,
    });
  }
  return m.passwordResetSuccess;
}
