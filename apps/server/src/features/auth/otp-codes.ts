import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { messages as m } from '@exchange/contracts';
import {
  assert,
  decideOtpAttemptAmong,
  OTP_BUDGET_WINDOW_MS,
  OTP_LENGTH,
  OTP_TTL_MS,
  type OtpRejection,
  otpBudgetSpent,
  otpExpiresAt,
} from '@exchange/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/app-context';
import { hitCounter, readCounter } from '../../platform/counters';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { MailMessage } from '../../platform/mail/mailer';
import type { UserRow } from '../accounts/accounts.repository';
import * as repo from './auth.repository';

/**
 * E-mailed one-time codes: generated here, stored only as an HMAC keyed with OTP_HMAC_KEY, never the
 * JWT secret (a leaked table does not give away a million-guess code, and one leaked key is not
 * both), and judged by the domain's rules.
 */

type Secret = Pick<AppContext['config'], 'otpHmacKey'>;

export function newOtpCode(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

/** The code is bound to its account and purpose, so a reset code cannot verify an e-mail. */
export function hashOtpCode(config: Secret, userId: string, purpose: repo.OtpPurpose, code: string): string {
  return createHmac('sha256', config.otpHmacKey).update(`${userId}:${purpose}:${code}`).digest('hex');
}

function otpCodeMatches(config: Secret, otp: repo.OtpRow, code: string): boolean {
  const presented = Buffer.from(hashOtpCode(config, otp.userId, otp.purpose, code), 'hex');
  const stored = Buffer.from(otp.codeHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

const ttlMinutes = OTP_TTL_MS / 60_000;

function otpMail(to: string, purpose: repo.OtpPurpose, code: string): MailMessage {
  if (purpose === 'EMAIL_VERIFY') {
    return {
      to,
      subject: 'Verify your email address',
      text: `Your verification code is ${code}. It expires in ${ttlMinutes} minutes.\n\nIf you did not sign up, you can ignore this email.`,
    };
  }
  return {
    to,
    subject: 'Your password reset code',
    text: `Your password reset code is ${code}. It expires in ${ttlMinutes} minutes.\n\nIf you did not ask to reset your password, you can ignore this email; your password stays unchanged.`,
  };
}

/**
 * Issues a new code for a user whose row the caller has locked (or just inserted): older unused codes
 * of the same purpose die with it. Returns the mail to deliver once the transaction has committed.
 */
export async function issueOtp(
  tx: DbOrTx,
  ctx: Pick<AppContext, 'config'>,
  user: Pick<UserRow, 'id' | 'email'>,
  purpose: repo.OtpPurpose,
  now: Date,
): Promise<MailMessage> {
  const code = newOtpCode();
  await repo.supersedeOtps(tx, user.id, purpose, now);
  await repo.insertOtp(tx, {
    userId: user.id,
    purpose,
    codeHash: hashOtpCode(ctx.config, user.id, purpose, code),
    expiresAt: otpExpiresAt(now),
    createdAt: now,
  });
  return otpMail(user.email, purpose, code);
}

/** Why a code was refused: the domain's reasons, or the day's budget of wrong tries being spent. */
export type OtpCheckRejection = OtpRejection | 'otp_cool_down';
export type OtpCheck = { ok: true; otp: repo.OtpRow } | { ok: false; code: OtpCheckRejection };

/** The daily budget is the e-mail address's, so an address without an account spends one too. */
function budgetKey(email: string, purpose: repo.OtpPurpose): string {
  return `otp-wrong:${purpose}:${email}`;
}

/**
 * Judges a presented code against the user's newest live code of each purpose in `purposes`: the
 * first is the one the client named, and the verify screen passes the other after it (the spec's
 * client names EMAIL_VERIFY for a reset code too), the reset form only PASSWORD_RESET. Which code
 * accepted it is in the answer; its purpose, not the named one, decides what it unlocks. A wrong try
 * is stored on every code it was compared with and on the address's daily budget of each purpose
 * compared (spent the same way whether or not an account has `email`, so the answers cannot tell the
 * two apart): a code still meets at most the budget's wrong tries a day, however it is named. A
 * purpose whose budget is spent is not compared; when it is the named one's, nothing is. The caller
 * must commit before it reports a rejection, or the counted try would roll back with it.
 */
export async function checkOtp(
  tx: DbOrTx,
  ctx: Pick<AppContext, 'config'>,
  email: string,
  user: UserRow | undefined,
  purposes: readonly [repo.OtpPurpose, ...repo.OtpPurpose[]],
  code: string,
  now: Date,
): Promise<OtpCheck> {
  const budgets = purposes.map((purpose) => ({ purpose, key: budgetKey(email, purpose) }));
  // Tries on one address queue here, so parallel guesses cannot overspend a budget; taken in one
  // order, so that a check of both purposes and a check of one never wait on each other crosswise.
  for (const key of budgets.map((budget) => budget.key).sort())
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
  const open: typeof budgets = [];
  for (const [index, budget] of budgets.entries()) {
    const spent = otpBudgetSpent((await readCounter(tx, budget.key, now)).count);
    if (spent && index === 0) return { ok: false, code: 'otp_cool_down' };
    if (!spent) open.push(budget);
  }
  const candidates: { otp: repo.OtpRow | undefined; codeMatches: boolean }[] = [];
  for (const { purpose } of open) {
    const otp = user ? await repo.lockLiveOtp(tx, user.id, purpose) : undefined;
    candidates.push({ otp, codeMatches: otp ? otpCodeMatches(ctx.config, otp, code) : false });
  }
  const decision = decideOtpAttemptAmong(candidates, now);
  if (!decision.ok) {
    for (const index of decision.countAttempts) {
      const otp = candidates[index]?.otp;
      if (otp) await repo.recordOtpAttempt(tx, otp);
    }
    for (const { key } of open) await hitCounter(tx, key, OTP_BUDGET_WINDOW_MS, now);
    return { ok: false, code: decision.code };
  }
  const otp = candidates[decision.index]?.otp;
  assert(otp, 'an accepted code exists');
  return { ok: true, otp };
}

const otpMessages: Record<OtpCheckRejection, string> = {
  otp_invalid: m.otpWrong,
  otp_expired: m.otpExpired,
  otp_locked: m.otpLocked,
  otp_cool_down: m.otpCoolDown,
};

export function otpRejection(code: OtpCheckRejection): AppError {
  // The cool-down answers like a locked code (429), with words that do not send the person for a new one.
  return new AppError(code === 'otp_cool_down' ? 'otp_locked' : code, otpMessages[code]);
}
