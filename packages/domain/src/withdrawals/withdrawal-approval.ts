import type { Minor } from '../money';
import { DAY_MS } from '../time';
import { approvalsNeeded } from './four-eyes';

/**
 * What makes a withdrawal worth a person's look: a destination address used for the first time, a
 * deposit in the last 24 hours (money in, money straight out), a security change within the review
 * window (password, two-factor), or a size unusual for this customer.
 */
export const WITHDRAWAL_RISK_FLAGS = [
  'new_address',
  'recent_deposit',
  'recent_security_change',
  'unusual_size',
] as const;
export type WithdrawalRiskFlag = (typeof WITHDRAWAL_RISK_FLAGS)[number];

export interface RiskInput {
  /** The destination was never used by this customer's earlier withdrawals (coins; PayPal has one). */
  readonly newAddress: boolean;
  readonly lastDepositAt: Date | null;
  readonly lastSecurityChangeAt: Date | null;
  /** How far back a security change still raises a flag (after the cool-down that refuses outright). */
  readonly securityReviewMs: number;
  /** This withdrawal's value in USD cents. */
  readonly valueCents: Minor;
  /** The customer's completed withdrawals' values in USD cents (recent history; may be empty). */
  readonly pastValuesCents: readonly Minor[];
  /** With no history, a first withdrawal above this many cents counts as unusual. */
  readonly firstWithdrawalUnusualCents: Minor;
  readonly now: Date;
}

/**
 * The risk flags a withdrawal raises, in WITHDRAWAL_RISK_FLAGS order. Unusual size: more than three
 * times the average of the customer's past completed withdrawals, or, with none, more than
 * `firstWithdrawalUnusualCents`.
 */
export function withdrawalRiskFlags(input: RiskInput): WithdrawalRiskFlag[] {
  const flags: WithdrawalRiskFlag[] = [];
  const now = input.now.getTime();
  if (input.newAddress) flags.push('new_address');
  if (input.lastDepositAt && now - input.lastDepositAt.getTime() < DAY_MS) flags.push('recent_deposit');
  if (input.lastSecurityChangeAt && now - input.lastSecurityChangeAt.getTime() < input.securityReviewMs)
    flags.push('recent_security_change');
  const past = input.pastValuesCents;
  if (past.length === 0) {
    if (input.valueCents > input.firstWithdrawalUnusualCents) flags.push('unusual_size');
  } else {
    const total = past.reduce((sum, value) => sum + value, 0n);
    // value > 3 * average, compared without dividing: value * n > 3 * total.
    if (input.valueCents * BigInt(past.length) > 3n * total) flags.push('unusual_size');
  }
  return flags;
}

/**
 * Approved at once, or queued for an admin: automatic only when no risk flag is raised, the value is
 * below `autoApproveBelowCents` (0 sends every withdrawal to the queue) and the withdrawal does not
 * need four eyes (`secondApprovalAboveCents`): an auto-approval line set above the four-eyes line
 * must not let a withdrawal that needs two admins go out with none.
 */
export function decideWithdrawalApproval(input: {
  readonly valueCents: Minor;
  readonly autoApproveBelowCents: Minor;
  readonly secondApprovalAboveCents: Minor;
  readonly flags: readonly WithdrawalRiskFlag[];
}): 'APPROVED' | 'PENDING_APPROVAL' {
  return input.flags.length === 0 &&
    input.valueCents < input.autoApproveBelowCents &&
    approvalsNeeded(input.valueCents, input.secondApprovalAboveCents) === 1
    ? 'APPROVED'
    : 'PENDING_APPROVAL';
}
