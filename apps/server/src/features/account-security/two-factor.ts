import { messages as m, type TotpEnrolment } from '@exchange/contracts';
import { generateSecret, generateURI } from 'otplib';
import type { AppContext } from '../../platform/app-context';
import type { Session } from '../../platform/auth';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { notifySessionsRevoked } from '../../platform/session-revocation';
import * as accounts from '../accounts/accounts.repository';
import type { ApiKeyRevocation } from '../accounts/api-key-revocation';
import { newRecoveryCodes } from '../accounts/recovery-codes';
import {
  proveAccountSecondFactor,
  proveSecondFactor,
  type SecondFactorProof,
  twoFactorOn,
} from '../accounts/second-factor';
import { sendSecurityChangeMail } from '../accounts/security-mail';
import { openTotpSecret, sealTotpSecret } from '../accounts/totp-secret-box';
import { withdrawalsPausedUntilOf } from '../accounts/withdrawal-pause';
import { recordAdminAction } from '../audit/record-admin-action';
import * as repo from './account-security.repository';

/**
 * Two-factor sign-in for every account (customers and admins, one code path): an authenticator app's
 * TOTP codes, or one of ten one-use recovery codes. Every code is checked by proveSecondFactor, under
 * the account's daily budget of wrong codes.
 */
const ISSUER = 'Exchange';

type TwoFactorContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer' | 'logger'>;

/**
 * Who is enrolling: the account's own session (the Security page), or the operator's command
 * (`npm run admin:totp`, scripts/enrol-admin-totp.ts), which runs with the database's credentials.
 */
export type EnrolledBy = 'session' | 'operator';

/**
 * In production an admin's factor is enrolled only by the operator's command, never from a session:
 * an admin without two-factor can sign in with the password alone (to be told so), and a thief with
 * only that password would otherwise enrol their own authenticator and own the back office (issue 46
 * point 6). Outside production the demo admin enrols from the back office as before.
 */
function refuseAdminSelfEnrolment(
  ctx: Pick<AppContext, 'config'>,
  user: { role: string },
  by: EnrolledBy,
): void {
  if (user.role === 'ADMIN' && ctx.config.env === 'production' && by === 'session')
    throw new AppError('forbidden', m.adminTotpByOperator);
}

/**
 * Starts (or restarts) enrolment: a new secret is stored, not yet in force. Once two-factor sign-in is
 * on it cannot be replaced from a session (it must be turned off with a code first), so a stolen
 * session cannot swap the account's factor.
 */
export async function startTotpEnrolment(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  userId: string,
  by: EnrolledBy = 'session',
): Promise<TotpEnrolment> {
  const secret = generateSecret();
  const user = await ctx.db.transaction(async (tx) => {
    const locked = await accounts.lockUserById(tx, userId);
    if (!locked) throw new AppError('unauthorized', 'Unauthorized');
    if (locked.totpEnabledAt) throw new AppError('conflict', m.totpAlreadyEnabled);
    refuseAdminSelfEnrolment(ctx, locked, by);
    await accounts.setTotpSecret(tx, userId, sealTotpSecret(ctx.config, userId, secret), ctx.clock.now());
    return locked;
  });
  const otpauthUrl = generateURI({ issuer: ISSUER, label: user.email, secret });
  // qrcode is loaded on an enrolment (rare), not on every start.
  const { default: QRCode } = await import('qrcode');
  return {
    secret,
    otpauth_url: otpauthUrl,
    qr_data_url: await QRCode.toDataURL(otpauthUrl),
    // Turning it on pauses withdrawals for the cool-down: the page says so before the code is confirmed.
    withdrawal_pause_hours: Math.round(ctx.config.withdrawals.coolDownMs / 3_600_000),
  };
}

/** Ends every sign-in of the user but `keepSessionId` (the one making the change), sockets included. */
async function endOtherSignIns(tx: Tx, userId: string, at: Date, keepSessionId: string | undefined) {
  await accounts.revokeUserTokens(tx, userId, at, keepSessionId);
  await notifySessionsRevoked(tx, { userId, exceptSessionId: keepSessionId });
}

/**
 * Turns two-factor sign-in on when the code proves the app holds the enrolment's secret, and answers
 * the ten recovery codes, shown this once. Every other sign-in of the account ends (one made before
 * the factor existed has not passed it); the one making the change (`keepSessionId`) has just passed it.
 */
export async function confirmTotpEnrolment(
  ctx: TwoFactorContext,
  user: { userId: string; keepSessionId?: string },
  code: string,
  by: EnrolledBy = 'session',
): Promise<string[]> {
  const found = await accounts.findUserById(ctx.db, user.userId);
  if (!found) throw new AppError('unauthorized', 'Unauthorized');
  if (found.totpEnabledAt) throw new AppError('conflict', m.totpAlreadyEnabled);
  // Confirming too: a session must not turn on a secret the operator started for the admin.
  refuseAdminSelfEnrolment(ctx, found, by);
  const secret = openTotpSecret(ctx.config, found.id, found.totpSecret);
  if (!secret) throw new AppError('conflict', m.totpNotStarted);
  await proveSecondFactor(ctx, found, secret, { totp: code });
  const codes = newRecoveryCodes(ctx.config, found.id);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const locked = await accounts.lockUserById(tx, found.id);
    if (!locked) throw new AppError('unauthorized', 'Unauthorized');
    if (locked.totpEnabledAt) throw new AppError('conflict', m.totpAlreadyEnabled);
    // Enrolment restarted since the code was checked: the proved secret is no longer the stored one.
    if (locked.totpSecret !== found.totpSecret) throw new AppError('conflict', m.totpNotStarted);
    await repo.enableTotp(tx, found.id, now);
    await repo.replaceRecoveryCodes(tx, found.id, codes.hashes, now);
    await endOtherSignIns(tx, found.id, now, user.keepSessionId);
    if (user.keepSessionId) await repo.markSessionTwoFactorPassed(tx, found.id, user.keepSessionId);
    if (locked.role === 'ADMIN')
      await recordAdminAction(tx, { adminId: found.id, action: 'TOTP_ENABLED', targetUserId: found.id });
  });
  await sendSecurityChangeMail(ctx, found.id, 'two_factor_on');
  return codes.shown;
}

/**
 * Turns two-factor sign-in off, which takes a code (authenticator or recovery): a stolen session alone
 * cannot remove the factor. The secret and the recovery codes go, every other sign-in ends and every
 * API key of the account is revoked (the owner's mail counts them). An admin cannot turn it off in
 * production, where admin sign-in requires it.
 */
export async function disableTwoFactor(
  ctx: TwoFactorContext,
  session: Pick<Session, 'userId' | 'sessionId'>,
  proof: SecondFactorProof,
  apiKeys: ApiKeyRevocation,
): Promise<void> {
  const found = await accounts.findUserById(ctx.db, session.userId);
  if (!found) throw new AppError('unauthorized', 'Unauthorized');
  if (!twoFactorOn(found)) throw new AppError('conflict', m.totpNotEnabled);
  if (found.role === 'ADMIN' && ctx.config.env === 'production')
    throw new AppError('forbidden', m.totpAdminKeepsIt);
  await proveAccountSecondFactor(ctx, found, proof);
  const now = ctx.clock.now();
  const revokedApiKeys = await ctx.db.transaction(async (tx) => {
    const locked = await accounts.lockUserById(tx, found.id);
    if (!locked?.totpEnabledAt) throw new AppError('conflict', m.totpNotEnabled);
    await repo.disableTotp(tx, found.id, now);
    await repo.replaceRecoveryCodes(tx, found.id, [], now);
    await endOtherSignIns(tx, found.id, now, session.sessionId);
    if (locked.role === 'ADMIN')
      await recordAdminAction(tx, { adminId: found.id, action: 'TOTP_DISABLED', targetUserId: found.id });
    return apiKeys.revokeAll(tx, found.id, now);
  });
  apiKeys.forget(found.id);
  await sendSecurityChangeMail(ctx, found.id, 'two_factor_off', { revokedApiKeys });
}

/**
 * Whether the user has two-factor on, how many recovery codes are left unspent, and when the
 * withdrawal pause after a security change ends (null when withdrawals are not paused).
 */
export async function twoFactorStatus(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  userId: string,
): Promise<{ enabled: boolean; recovery_codes_left: number; withdrawals_paused_until: string | null }> {
  const user = await accounts.findUserById(ctx.db, userId);
  const enabled = user ? twoFactorOn(user) : false;
  return {
    enabled,
    recovery_codes_left: enabled ? await repo.countUnspentRecoveryCodes(ctx.db, userId) : 0,
    withdrawals_paused_until: user ? withdrawalsPausedUntilOf(ctx.config, user, ctx.clock.now()) : null,
  };
}
