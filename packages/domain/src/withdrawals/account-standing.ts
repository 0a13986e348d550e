import { checkOutflow } from '../debts/outflow-rule';
import { ok, type Result, reject } from '../result';

/**
 * What a withdrawal's later steps (confirm, approve, send) need to know of its owner's account, read
 * fresh at each step: a withdrawal requested by a healthy account may no longer be one to pay when the
 * account was disabled, fell into debt, lost its KYC or two-factor, or changed its password since.
 */
export interface AccountStanding {
  readonly accountActive: boolean;
  /** An admin froze the account's withdrawals (trading stays on) until they unfreeze them. */
  readonly withdrawalsFrozen: boolean;
  readonly kycVerified: boolean;
  readonly twoFactorOn: boolean;
  /** How many OPEN debts the user has (user_debts). */
  readonly openDebts: number;
  /** The last password change or reset, and the last time two-factor was turned on (null: never). */
  readonly passwordChangedAt: Date | null;
  readonly twoFactorEnabledAt: Date | null;
}

/**
 * Why a withdrawal is held, in the order they are listed: the account is disabled, an admin froze its
 * withdrawals, its KYC is no
 * longer approved, two-factor is off, a debt is open, the password or the two-factor was changed
 * since the withdrawal was requested (or since an admin last looked at it).
 */
export const STANDING_PROBLEMS = [
  'account_disabled',
  'withdrawals_frozen',
  'kyc_required',
  'two_factor_required',
  'debt_open',
  'password_changed',
  'two_factor_changed',
] as const;
export type StandingProblem = (typeof STANDING_PROBLEMS)[number];

/**
 * Every problem of the account's standing, in STANDING_PROBLEMS order (empty: fine). A security change
 * counts only after `since` (strictly), so a change an admin saw when approving a held withdrawal does
 * not hold it again; with `since` null (the request itself, which has its own cool-down) none counts.
 * All are listed, not only the first, so an admin who approves a held withdrawal has seen every one.
 */
export function standingProblems(standing: AccountStanding, since: Date | null): StandingProblem[] {
  const problems: StandingProblem[] = [];
  if (!standing.accountActive) problems.push('account_disabled');
  if (standing.withdrawalsFrozen) problems.push('withdrawals_frozen');
  if (!standing.kycVerified) problems.push('kyc_required');
  if (!standing.twoFactorOn) problems.push('two_factor_required');
  if (!checkOutflow({ kind: 'withdrawal', openDebts: standing.openDebts }).ok) problems.push('debt_open');
  const after = (at: Date | null) => since !== null && at !== null && at.getTime() > since.getTime();
  if (after(standing.passwordChangedAt)) problems.push('password_changed');
  if (after(standing.twoFactorEnabledAt)) problems.push('two_factor_changed');
  return problems;
}

/**
 * The one check of an account's standing at every step of a withdrawal, as a decision: 'ok', or
 * 'hold' with every problem (standingProblems). The request refuses on the first problem
 * (checkWithdrawalEligibility); confirm, approve and send hold the withdrawal for an admin instead,
 * since the customer already has a withdrawal in flight and its amount stays held.
 */
export function checkAccountStanding(
  standing: AccountStanding,
  since: Date | null,
): Result<void, 'standing_held'> {
  const problems = standingProblems(standing, since);
  if (problems.length === 0) return ok(undefined);
  return reject('standing_held', { problems: problems.join(',') });
}
