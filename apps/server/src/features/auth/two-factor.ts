import { messages as m, type TotpEnrolment } from '@exchange/contracts';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import type { AppContext } from '../../platform/app-context';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordAdminAction } from '../audit/record-admin-action';
import * as repo from './auth.repository';

/**
 * Admin sign-in with a TOTP second factor (RFC 6238: 6 digits, 30-second steps, SHA-1, as every
 * authenticator app expects). One step either side is accepted for clock drift.
 */
const TOLERANCE_SECONDS = 30;
const STEP_SECONDS = 30;
const ISSUER = 'Exchange Admin';

function epochOf(ctx: Pick<AppContext, 'clock'>): number {
  return Math.floor(ctx.clock.now().getTime() / 1000);
}

/** The 30-second step the code belongs to, or null when it matches none inside the tolerance. */
export async function totpStepOf(
  ctx: Pick<AppContext, 'clock'>,
  secret: string,
  code: string,
): Promise<number | null> {
  const epoch = epochOf(ctx);
  try {
    const result = await verify({ secret, token: code, epoch, epochTolerance: TOLERANCE_SECONDS });
    return result.valid ? Math.floor(epoch / STEP_SECONDS) + result.delta : null;
  } catch {
    return null;
  }
}

/**
 * Accepts a code once: it must match, and its step must be later than the last step this account
 * used, which is then recorded (a replayed or raced code is refused with its own message).
 */
async function spendTotp(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  tx: DbOrTx | undefined,
  userId: string,
  secret: string,
  code: string,
): Promise<void> {
  const step = await totpStepOf(ctx, secret, code);
  if (step === null) throw new AppError('totp_invalid', m.totpCodeWrong);
  if (!(await repo.claimTotpStep(tx ?? ctx.db, userId, step))) {
    throw new AppError('totp_replayed', m.totpCodeUsed);
  }
}

/** The code an authenticator app shows now: for tests and the operator script. */
export function currentTotp(ctx: Pick<AppContext, 'clock'>, secret: string): Promise<string> {
  return generate({ secret, epoch: epochOf(ctx) });
}

/**
 * The sign-in's second step, after the password was right. An admin with TOTP on must give a right
 * code; an admin without it is refused in production (so a leaked password alone never opens the
 * back-office there) and let in elsewhere, so the embedded demo keeps working.
 */
export async function checkAdminSecondFactor(
  ctx: Pick<AppContext, 'clock' | 'config' | 'db'>,
  user: repo.UserRow,
  code: string | undefined,
): Promise<void> {
  if (user.role !== 'ADMIN') return;
  if (user.totpEnabledAt && user.totpSecret) {
    if (!code) throw new AppError('totp_required', m.totpCodeRequired);
    await spendTotp(ctx, undefined, user.id, user.totpSecret, code);
    return;
  }
  if (ctx.config.env === 'production') throw new AppError('totp_not_enrolled', m.totpRequiredInProduction);
}

/**
 * Starts (or restarts) enrolment: a new secret is stored, not yet in force. Once two-factor sign-in is
 * on it cannot be replaced from a session, so a stolen session cannot swap the admin's factor.
 */
export async function startTotpEnrolment(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  adminId: string,
): Promise<TotpEnrolment> {
  const secret = generateSecret();
  const user = await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockUserById(tx, adminId);
    if (!locked) throw new AppError('unauthorized', 'Unauthorized');
    if (locked.totpEnabledAt) throw new AppError('conflict', m.totpAlreadyEnabled);
    await repo.setTotpSecret(tx, adminId, secret, ctx.clock.now());
    return locked;
  });
  const otpauthUrl = generateURI({ issuer: ISSUER, label: user.email, secret });
  // qrcode is loaded on an enrolment (rare, admins only), not on every start.
  const { default: QRCode } = await import('qrcode');
  return { secret, otpauth_url: otpauthUrl, qr_data_url: await QRCode.toDataURL(otpauthUrl) };
}

/** Turns two-factor sign-in on when the code proves the app holds the enrolment's secret. */
export async function confirmTotpEnrolment(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  adminId: string,
  code: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const user = await repo.lockUserById(tx, adminId);
    if (!user) throw new AppError('unauthorized', 'Unauthorized');
    if (user.totpEnabledAt) throw new AppError('conflict', m.totpAlreadyEnabled);
    if (!user.totpSecret) throw new AppError('conflict', m.totpNotStarted);
    await spendTotp(ctx, tx, adminId, user.totpSecret, code);
    await repo.enableTotp(tx, adminId, ctx.clock.now());
    await recordAdminAction(tx, { adminId, action: 'TOTP_ENABLED', targetUserId: adminId });
  });
}
