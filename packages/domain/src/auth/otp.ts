/**
 * Rules for the e-mailed one-time codes (sign-up verification and password reset). The server
 * generates, hashes and stores codes; this module only decides what a presented code is worth.
 */

/** How long an e-mailed code stays usable after it was issued. */
export const OTP_TTL_MS = 10 * 60 * 1000;

/** Wrong tries a code survives: the fifth wrong try kills it, and a new code must be requested. */
export const OTP_MAX_ATTEMPTS = 5;

/**
 * Wrong tries one e-mail address may spend per purpose in a day, across every code it is sent: asking
 * for a new code gives a new code, never a new budget. Once spent, every try is refused until the
 * day's window ends (the cool-down), whether or not an account has that address.
 */
export const OTP_WRONG_TRIES_PER_DAY = 10;
export const OTP_BUDGET_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Whether the day's budget of wrong tries is spent, so a presented code is not even compared. */
export function otpBudgetSpent(wrongTriesInWindow: number): boolean {
  return wrongTriesInWindow >= OTP_WRONG_TRIES_PER_DAY;
}

/** Number of decimal digits in a code. */
export const OTP_LENGTH = 6;

/** The stored state of the newest code of one purpose for one account. */
export interface OtpState {
  readonly expiresAt: Date;
  readonly attempts: number;
  readonly consumedAt: Date | null;
}

export type OtpRejection = 'otp_invalid' | 'otp_expired' | 'otp_locked';

/**
 * What a presented code is worth. `countAttempt` says whether the caller must store one more wrong
 * try on the code; it is true exactly when a live code was matched against a wrong value.
 */
export type OtpDecision =
  | { readonly ok: true }
  | { readonly ok: false; readonly code: OtpRejection; readonly countAttempt: boolean };

/** When a code issued at `issuedAt` stops being usable. */
export function otpExpiresAt(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + OTP_TTL_MS);
}

/**
 * Decides a presented code against the stored one. Rejections are checked in this order:
 * 1. no code, or one already used or superseded: `otp_invalid` (nothing to count against);
 * 2. a code with `OTP_MAX_ATTEMPTS` wrong tries: `otp_locked`, even if the value is right;
 * 3. a code at or past its expiry instant: `otp_expired`, even if the value is right;
 * 4. a wrong value: counted, and `otp_locked` if that was the last allowed try, else `otp_invalid`.
 * The comparison itself (`codeMatches`) is done by the caller in constant time on hashes.
 */
export function decideOtpAttempt(otp: OtpState | undefined, codeMatches: boolean, now: Date): OtpDecision {
  if (!otp || otp.consumedAt !== null) return { ok: false, code: 'otp_invalid', countAttempt: false };
  if (otp.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, code: 'otp_locked', countAttempt: false };
  if (now.getTime() >= otp.expiresAt.getTime())
    return { ok: false, code: 'otp_expired', countAttempt: false };
  if (!codeMatches) {
    const lastTry = otp.attempts + 1 >= OTP_MAX_ATTEMPTS;
    return { ok: false, code: lastTry ? 'otp_locked' : 'otp_invalid', countAttempt: true };
  }
  return { ok: true };
}

/** One outstanding code a presented value is compared with, and whether it matched. */
export interface OtpCandidate {
  readonly otp: OtpState | undefined;
  readonly codeMatches: boolean;
}

/**
 * What a presented code is worth against several outstanding codes of one account: the verify screen
 * takes the code of either purpose, since the spec's client names one type for both. The first
 * candidate that accepts the value wins, and no wrong try is counted on any. Otherwise every live
 * code the value was wrongly compared with counts a wrong try (`countAttempts`, by index), and the
 * answer is that of the first candidate with a code still unused (so an expired or locked code says
 * so), or `otp_invalid` when there is none. Candidates come in order of preference: the purpose the
 * client named first.
 */
export function decideOtpAttemptAmong(
  candidates: readonly OtpCandidate[],
  now: Date,
):
  | { readonly ok: true; readonly index: number }
  | { readonly ok: false; readonly code: OtpRejection; readonly countAttempts: readonly number[] } {
  const decisions = candidates.map((candidate) =>
    decideOtpAttempt(candidate.otp, candidate.codeMatches, now),
  );
  const accepted = decisions.findIndex((decision) => decision.ok);
  if (accepted >= 0) return { ok: true, index: accepted };
  const countAttempts = decisions.flatMap((decision, index) =>
    !decision.ok && decision.countAttempt ? [index] : [],
  );
  const answering = candidates.findIndex((candidate) => candidate.otp && candidate.otp.consumedAt === null);
  const answer = answering >= 0 ? decisions[answering] : undefined;
  const code = answer && !answer.ok ? answer.code : 'otp_invalid';
  return { ok: false, code, countAttempts };
}
