/**
 * Rules for two-factor sign-in (an authenticator app's TOTP codes, or a one-use recovery code). The
 * server verifies codes and stores the counts; this module decides what the counts allow.
 */

/**
 * Wrong codes (authenticator or recovery) one account may send per day, admins included, wherever a
 * code is asked for (sign-in, turning two-factor off, a password change). Once spent, every code is
 * refused unread until the day's window ends, and the account's owner gets one e-mail saying so.
 * The budget is only reached after the right password, so a stranger cannot spend it.
 */
export const SECOND_FACTOR_WRONG_TRIES_PER_DAY = 10;
export const SECOND_FACTOR_BUDGET_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Recovery codes handed out when two-factor sign-in is turned on; each works once. */
export const RECOVERY_CODE_COUNT = 10;

/** How many more wrong codes the account may send today, given the wrong ones counted so far. */
export function secondFactorTriesLeft(wrongSoFar: number): number {
  return Math.max(0, SECOND_FACTOR_WRONG_TRIES_PER_DAY - wrongSoFar);
}

/** Whether a presented code is compared at all, or refused unread because the day's budget is spent. */
export function mayTrySecondFactor(wrongSoFar: number): boolean {
  return secondFactorTriesLeft(wrongSoFar) > 0;
}

/**
 * Whether the wrong try just counted (the `wrongNow`-th of the window) is the one that spent the
 * budget: that try, and only that one, sends the owner the warning e-mail.
 */
export function secondFactorBudgetJustSpent(wrongNow: number): boolean {
  return wrongNow === SECOND_FACTOR_WRONG_TRIES_PER_DAY;
}

/**
 * A recovery code as typed, in the one form it is hashed in: case, spaces and dashes do not matter
 * (the codes are shown as `abcde-fghij`). Null for anything that cannot be one.
 */
export function normalizeRecoveryCode(typed: string): string | null {
  const bare = typed.toLowerCase().replace(/[\s-]/g, '');
  return /^[a-z2-7]{10}$/.test(bare) ? bare : null;
}

/** A normalised recovery code as it is shown: two groups of five. */
export function formatRecoveryCode(bare: string): string {
  return `${bare.slice(0, 5)}-${bare.slice(5)}`;
}
