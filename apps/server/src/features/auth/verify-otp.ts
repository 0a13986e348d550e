import { messages as m, type otpVerifyRequestSchema } from '@exchange/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context';
import * as repo from './auth.repository';
import { checkOtp, otpRejection } from './otp-codes';

export type VerifyOtpInput = z.output<typeof otpVerifyRequestSchema>;

/**
 * Checks an e-mailed code and answers the message to show. An EMAIL_VERIFY code marks the e-mail
 * verified and is used up. A PASSWORD_RESET code is only checked (wrong tries still count), because the
 * reset screen sends the same code again with the new password. An unknown e-mail gets the same answer
 * as a wrong code.
 */
export async function verifyOtp(ctx: AppContext, input: VerifyOtpInput): Promise<string> {
  const now = ctx.clock.now();
  const check = await ctx.db.transaction(async (tx) => {
    const user = await repo.lockUserByEmail(tx, input.email);
    const result = await checkOtp(tx, ctx, input.email, user, input.type, input.otp, now);
    if (result.ok && user && input.type === 'EMAIL_VERIFY') {
      await repo.consumeOtp(tx, result.otp.id, now);
      await repo.markEmailVerified(tx, user.id, now);
    }
    return result;
  });
  // Thrown only after the commit, so a wrong try stays counted.
  if (!check.ok) throw otpRejection(check.code);
  return input.type === 'EMAIL_VERIFY' ? m.emailVerifiedSuccess : m.otpAccepted;
}
