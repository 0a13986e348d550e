import { messages as m, type signupRequestSchema } from '@exchange/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { deliverMail } from '../../platform/mail/deliver-mail';
import { hashPassword } from '../../platform/passwords';
import * as repo from './auth.repository';
import { issueOtp } from './otp-codes';
import { newRefCode } from './referral-code';

export type SignUpInput = z.output<typeof signupRequestSchema>;

/** Tries before giving up on finding an unused referral code (ten hex digits rarely collide at all). */
const REF_CODE_TRIES = 5;

/**
 * Registers an unverified customer and e-mails them a verification code. The e-mail is taken as the
 * contract lower-cased it; a referral code must name an existing user. The sign-up effects (app.ts:
 * the referral, PENDING until this user's KYC is approved) run in the same transaction. A rejection
 * writes nothing.
 */
export async function signUp(ctx: AppContext, input: SignUpInput): Promise<{ email: string }> {
  if (await repo.findUserByEmail(ctx.db, input.email)) throw new AppError('email_taken', m.emailTaken);
  let referredBy: string | undefined;
  if (input.referral_code) {
    referredBy = await repo.findUserIdByRefCode(ctx.db, input.referral_code.toUpperCase());
    if (!referredBy) throw new AppError('referral_invalid', m.referralInvalid);
  }
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  const mail = await ctx.db.transaction(async (tx) => {
    for (let attempt = 0; attempt < REF_CODE_TRIES; attempt += 1) {
      const user = await repo.insertUserUnlessTaken(tx, {
        name: input.name,
        email: input.email,
        countryCode: input.country_code,
        mobileNo: input.mobile_no,
        passwordHash,
        refCode: newRefCode(),
        referredBy,
        createdAt: now,
        updatedAt: now,
      });
      if (user) {
        for (const effect of ctx.signUpEffects ?? [])
          await effect(tx, { userId: user.id, referrerId: referredBy ?? null, at: now });
        return issueOtp(tx, ctx, user, 'EMAIL_VERIFY', now);
      }
      // A concurrent sign-up may have taken the e-mail since the check above; otherwise the code clashed.
      if (await repo.findUserByEmail(tx, input.email)) throw new AppError('email_taken', m.emailTaken);
    }
    throw new Error('could not find an unused referral code');
  });
  await deliverMail(ctx, mail);
  return { email: input.email };
}
