import { messages as m, OTP_TYPES, type otpVerifyRequestSchema } from '@exchange/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context';
import * as repo from './auth.repository';
import { checkOtp, otpRejection } from './otp-codes';

export type VerifyOtpInput = z.output<typeof otpVerifyRequestSchema>;

/**
 * Checks an e-mailed code and answers the message to show. The outstanding code of either purpose is
 * taken whichever type the client names (the spec's client names EMAIL_VERIFY for every code, the
 * reset code included); the named one is compared first. What the code unlocks is its own purpose's:
 * an EMAIL_VERIFY code marks the e-mail verified and is used up; a PASSWORD_RESET code is only
 * checked (wrong tries still count), because the reset screen sends the same code again with the new
 * password, and only that reset uses it up (and verifies the e-mail). An unknown e-mail gets the same
 * answer as a wrong code.
 */
export async function verifyOtp(ctx: AppContext, input: VerifyOtpInput): Promise<string> {
  const now = ctx.clock.now();
  const check = await ctx.db.transaction(async (tx) => {
    const user = await repo.lockUserByEmail(tx, input.email);
    const other = OTP_TYPES.filter((type) => type !== input.type);
    const result = await checkOtp(tx, ctx, input.email, user, [input.type, ...other], input.otp, now);
    if (result.ok && user && result.otp.purpose === 'EMAIL_VERIFY') {
      await repo.consumeOtp(tx, result.otp.id, now);
      await repo.markEmailVerified(tx, user.id, now);
    }
    return result;
  });
  // Thrown only after the commit, so a wrong try stays counted.
  if (!check.ok) throw otpRejection(check.code);
  return check.otp.purpose === 'EMAIL_VERIFY' ? m.emailVerifiedSuccess : m.otpAccepted;
}
