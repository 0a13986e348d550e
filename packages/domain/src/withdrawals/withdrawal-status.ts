import { ok, type Result, reject } from '../result';

/**
 * A withdrawal's life. REQUESTED: held, waiting for the e-mailed confirmation. PENDING_APPROVAL: in
 * the admin queue. APPROVED: waiting for the sender (the PayPal payout job, later the chain signer).
 * SENT: the payout or broadcast was submitted. Then COMPLETED, or FAILED (refunded); REJECTED by an
 * admin (refunded); CANCELLED by the customer before approval (refunded).
 */
export const WITHDRAWAL_STATUSES = [
  'REQUESTED',
  'PENDING_APPROVAL',
  'APPROVED',
  'SENT',
  'COMPLETED',
  'FAILED',
  'REJECTED',
  'CANCELLED',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** The statuses whose amount is still held (LOCKED in the ledger): the withdrawals hold source sums them. */
export const HOLDING_WITHDRAWAL_STATUSES = [
  'REQUESTED',
  'PENDING_APPROVAL',
  'APPROVED',
  'SENT',
] as const satisfies readonly WithdrawalStatus[];

/**
 * What may happen to a withdrawal: the customer confirms the mailed code (to the queue, or approved at
 * once), an admin approves or rejects it, the customer cancels it, the sender submits it, the provider
 * or chain reports it completed or failed.
 */
export type WithdrawalAction =
  | 'confirm_for_review'
  | 'confirm_approved'
  | 'approve'
  | 'reject'
  | 'cancel'
  | 'send'
  | 'complete'
  | 'fail';

/** How the held amount ends when a withdrawal reaches a status: paid out, returned, or still held. */
export type HoldOutcome = 'keep' | 'pay_out' | 'refund';

const TRANSITIONS: Record<WithdrawalAction, { from: readonly WithdrawalStatus[]; to: WithdrawalStatus }> = {
  confirm_for_review: { from: ['REQUESTED'], to: 'PENDING_APPROVAL' },
  confirm_approved: { from: ['REQUESTED'], to: 'APPROVED' },
  approve: { from: ['PENDING_APPROVAL'], to: 'APPROVED' },
  // An approved one not yet sent may still be stopped by an admin.
  reject: { from: ['PENDING_APPROVAL', 'APPROVED'], to: 'REJECTED' },
  // Only before approval: once approved, the sender may be submitting it.
  cancel: { from: ['REQUESTED', 'PENDING_APPROVAL'], to: 'CANCELLED' },
  send: { from: ['APPROVED'], to: 'SENT' },
  complete: { from: ['SENT'], to: 'COMPLETED' },
  // A payout refused outright (APPROVED, never accepted) or one that failed after submission (SENT).
  fail: { from: ['APPROVED', 'SENT'], to: 'FAILED' },
};

const OUTCOMES: Record<WithdrawalStatus, HoldOutcome> = {
  REQUESTED: 'keep',
  PENDING_APPROVAL: 'keep',
  APPROVED: 'keep',
  SENT: 'keep',
  COMPLETED: 'pay_out',
  FAILED: 'refund',
  REJECTED: 'refund',
  CANCELLED: 'refund',
};

export type WithdrawalTransitionRejection = 'withdrawal_state';

/**
 * The status `action` leads to from `from`, with what becomes of the held amount, or
 * 'withdrawal_state' (with the current status) when the action does not apply there. Every terminal
 * status (COMPLETED, FAILED, REJECTED, CANCELLED) refuses every action, so a withdrawal is paid out or
 * refunded exactly once.
 */
export function nextWithdrawalStatus(
  from: WithdrawalStatus,
  action: WithdrawalAction,
): Result<{ status: WithdrawalStatus; hold: HoldOutcome }, WithdrawalTransitionRejection> {
  const rule = TRANSITIONS[action];
  if (!rule.from.includes(from)) return reject('withdrawal_state', { status: from });
  return ok({ status: rule.to, hold: OUTCOMES[rule.to] });
}

/** Whether the withdrawal has ended (its hold paid out or refunded). */
export function isFinalWithdrawalStatus(status: WithdrawalStatus): boolean {
  return OUTCOMES[status] !== 'keep';
}
