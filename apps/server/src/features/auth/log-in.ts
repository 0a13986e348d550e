import { randomBytes } from 'node:crypto';
import { type LoginUser, type loginRequestSchema, messages as m } from '@exchange/contracts';
import { isCustomer } from '@exchange/domain';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { checkSecondFactorAtSignIn } from '../accounts/second-factor';
import * as repo from './auth.repository';
import { toPublicUser } from './public-user';
import { type SessionTokens, startSession } from './session-tokens';
import { type SignInClient, UNKNOWN_CLIENT } from './sign-in-place';

export type LogInInput = z.output<typeof loginRequestSchema>;

/**
 * A hash of a random password, checked when the e-mail is unknown, so an unknown e-mail costs the
 * same argon2 work as a wrong password and the answer time does not tell which one it was.
 */
let decoyHash: Promise<string> | undefined;
function decoy(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(18).toString('base64'));
  return decoyHash;
}

/**
 * Signs a customer in. Rejections, in order: unknown e-mail or wrong password (one message for
 * both), then a disabled account, then an unverified e-mail, then, with two-factor on, a missing or
 * wrong authenticator or recovery code (see two-factor.ts: the first call without one is answered
 * 401 totp_required, and the client calls again with it). Account state is revealed only to
 * someone who knows the password. The answer carries what the spec's client stores at sign-in: the
 * user with the wallet (`wallet`, `walletdata`) and the newest KYC submission (`kycdata`).
 */
export async function logIn(
  ctx: AppContext,
  input: LogInInput,
  client: SignInClient = UNKNOWN_CLIENT,
): Promise<SessionTokens & { user: LoginUser }> {
  const user = await repo.findUserByEmail(ctx.db, input.email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoy()), input.password);
  // A SYSTEM account (the house's) never signs in, whatever its password: it is as if unknown.
  if (!user || !passwordOk || !isCustomer(user))
    throw new AppError('invalid_credentials', m.invalidCredentials);
  if (user.status !== 'ACTIVE') throw new AppError('account_disabled', m.accountDisabled);
  if (!user.emailVerifiedAt) throw new AppError('email_not_verified', m.emailNotVerified);
  const twoFactorPassed = await checkSecondFactorAtSignIn(ctx, user, {
    totp: input.totp,
    recoveryCode: input.recovery_code,
  });
  const tokens = await startSession(ctx, user, { client, twoFactorPassed });
  const [wallet, kyc] = await Promise.all([
    ctx.walletOf(user.id),
    repo.newestKycSubmissionOf(ctx.db, user.id),
  ]);
  return {
    ...tokens,
    user: {
      ...toPublicUser(user),
      wallet,
      walletdata: wallet,
      kycdata: kyc ? [{ _id: kyc.id, status: kyc.status }] : [],
    },
  };
}
