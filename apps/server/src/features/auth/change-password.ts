import { type changePasswordRequestSchema, messages as m } from '@exchange/contracts';
import { DAY_MS } from '@exchange/domain';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context';
import { hashToken, type Session } from '../../platform/auth';
import { hitCounter, readCounter } from '../../platform/counters';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { notifySessionsRevoked } from '../../platform/session-revocation';
import * as accounts from '../accounts/accounts.repository';
import type { ApiKeyRevocation } from '../accounts/api-key-revocation';
import { proveAccountSecondFactor, twoFactorOn } from '../accounts/second-factor';
import { sendSecurityChangeMail } from '../accounts/security-mail';
import * as repo from './auth.repository';

export type ChangePasswordInput = z.output<typeof changePasswordRequestSchema>;

/** Wrong current passwords one account may send per day before every try is refused until then. */
export const PASSWORD_CHANGE_WRONG_TRIES_PER_DAY = 10;

const MINUTE_MS = 60_000;

/**
 * The budgets in front of argon2, counted in the shared PostgreSQL counters on ctx.clock: tries per
 * account and per client network per minute (the sign-in budgets, AUTH_LIMIT_*), and wrong current
 * passwords per account per day. Any of them spent answers 429 before argon2 runs, so a stolen access
 * token can neither guess the password nor spend the server's CPU. Parallel wrong tries may overshoot
 * the daily budget by at most the per-minute budget, which bounds them.
 */
async function checkBudgets(ctx: AppContext, userId: string, clientNetwork: string, now: Date) {
  const limits = ctx.config.authRateLimits;
  const perAccount = await hitCounter(ctx.db, `password-change|account:${userId}`, MINUTE_MS, now);
  const perAddress = await hitCounter(ctx.db, `password-change|address:${clientNetwork}`, MINUTE_MS, now);
  if (perAccount.count > limits.accountPerMinute || perAddress.count > limits.ipPerMinute) {
    throw new AppError('rate_limited', m.tooManyRequests);
  }
  const wrong = await readCounter(ctx.db, wrongTriesKey(userId), now);
  if (wrong.count >= PASSWORD_CHANGE_WRONG_TRIES_PER_DAY) {
    throw new AppError('rate_limited', m.passwordChangeCoolDown);
  }
}

function wrongTriesKey(userId: string): string {
  return `password-change|wrong:${userId}`;
}

/**
 * Changes the signed-in user's password after checking the current one. Every other sign-in of the
 * account ends, so a device that knew the old password is out; the sign-in making the change (the
 * family of the refresh token it presents, cookie or body) keeps working, so the user is not thrown out
 * of the screen they are on. Without a presented token every sign-in ends. Access tokens of the ended
 * sign-ins stop working at once (the guards check their sign-in) and their sockets are closed. Every
 * API key of the account is revoked in the same transaction, and the owner's mail counts them.
 */
export async function changePassword(
  ctx: AppContext,
  session: Session,
  input: ChangePasswordInput,
  presentedRefreshToken: string | undefined,
  clientNetwork: string,
  apiKeys: ApiKeyRevocation,
): Promise<void> {
  const now = ctx.clock.now();
  await checkBudgets(ctx, session.userId, clientNetwork, now);
  // argon2 runs before the transaction, so its tens of milliseconds never hold the user's row lock
  // or a pooled connection in a transaction.
  const checked = await accounts.findUserById(ctx.db, session.userId);
  if (!checked) throw new AppError('unauthorized', 'Unauthorized');
  if (!(await verifyPassword(checked.passwordHash, input.current_password))) {
    await hitCounter(ctx.db, wrongTriesKey(session.userId), DAY_MS, now);
    throw new AppError('current_password_wrong', m.currentPasswordWrong);
  }
  // With two-factor on, the password alone does not change the password: a code is needed too.
  if (twoFactorOn(checked))
    await proveAccountSecondFactor(ctx, checked, { totp: input.totp, recoveryCode: input.recovery_code });
  const newHash = await hashPassword(input.new_password);
  const revokedApiKeys = await ctx.db.transaction(async (tx) => {
    const user = await accounts.lockUserById(tx, session.userId);
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
    await accounts.revokeUserTokens(tx, user.id, now, keepFamilyId);
    await notifySessionsRevoked(tx, { userId: user.id, exceptSessionId: keepFamilyId });
    return apiKeys.revokeAll(tx, user.id, now);
  });
  apiKeys.forget(session.userId);
  await sendSecurityChangeMail(ctx, session.userId, 'password_changed', { revokedApiKeys });
}
