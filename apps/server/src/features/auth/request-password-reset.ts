import { type forgetPasswordRequestSchema, messages as m } from '@exchange/contracts';
import { isCustomer } from '@exchange/domain';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context';
import { deliverMail } from '../../platform/mail/deliver-mail';
import * as repo from './auth.repository';
import { issueOtp } from './otp-codes';
import type { PendingWork } from './pending-work';

export type RequestCodeInput = z.output<typeof forgetPasswordRequestSchema>;

/**
 * Sends a password-reset code (or, with type EMAIL_VERIFY, a new sign-up code) and answers the
 * message to show. The answer is the same for every e-mail and comes before any lookup: the work runs
 * after the response, so neither the message nor the answer time tells whether an account exists.
 */
export function requestCode(ctx: AppContext, work: PendingWork, input: RequestCodeInput): string {
  work.start('send code', () => sendCode(ctx, input));
  return input.type === 'EMAIL_VERIFY' ? m.otpResent : m.resetCodeSent;
}

type Outcome = 'sent' | 'no_account' | 'disabled' | 'already_verified';

/**
 * Reset codes go to every active account (a successful reset also proves the mailbox, so it verifies
 * the e-mail); sign-up codes only to accounts still waiting for verification.
 */
async function sendCode(ctx: AppContext, input: RequestCodeInput): Promise<void> {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const user = await repo.lockUserByEmail(tx, input.email);
    // A SYSTEM account (the house's) gets no codes: it never signs in.
    if (!user || !isCustomer(user)) return { outcome: 'no_account' as Outcome };
    if (user.status !== 'ACTIVE') return { outcome: 'disabled' as Outcome };
    if (input.type === 'EMAIL_VERIFY' && user.emailVerifiedAt)
      return { outcome: 'already_verified' as Outcome };
    return { outcome: 'sent' as Outcome, mail: await issueOtp(tx, ctx, user, input.type, now) };
  });
  if (result.mail) await deliverMail(ctx, result.mail);
  ctx.logger.info({ purpose: input.type, outcome: result.outcome }, 'code request handled');
}
