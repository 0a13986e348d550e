import { ok, type Result, reject } from '../result';

/**
 * A withdrawal's life. REQUESTED: held, waiting for the e-mailed confirmation. PENDING_APPROVAL: in
 * the admin queue. APPROVED: waiting for the sender (the PayPal payout job, the chain sender).
 * SENDING: claimed by the PayPal payout job before it asks PayPal, so nobody may stop it any more:
 * PayPal may have paid it whatever its answer said (issue 43). SENT: the payout or broadcast was
 * accepted. Then COMPLETED, or FAILED (refunded); REJECTED by an admin (refunded); CANCELLED by the
 * customer before approval (refunded).
 */
export const WITHDRAWAL_STATUSES = [
  'REQUESTED',
  'PENDING_APPROVAL',
  'APPROVED',
  'SENDING',
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
  'SENDING',
  'SENT',
] as const satisfies readonly WithdrawalStatus[];

/**
 * What may happen to a withdrawal: the customer confirms the mailed code (to the queue, or approved at
 * once), an admin approves or rejects it, the customer cancels it, the sender submits it, the provider
 * or chain reports it completed or failed, the sender holds it for an admin (the account's standing).
 */
export type WithdrawalAction =
  | 'confirm_for_review'
  | 'confirm_approved'
  | 'approve'
  | 'reject'
  | 'cancel'
  | 'claim'
  | 'send'
  | 'complete'
  | 'fail'
  | 'hold';

/** How the held amount ends when a withdrawal reaches a status: paid out, returned, or still held. */
export type HoldOutcome = 'keep' | 'pay_out' | 'refund';

const TRANSITIONS: Record<WithdrawalAction, { from: readonly WithdrawalStatus[]; to: WithdrawalStatus }> = {
  confirm_for_review: { from: ['REQUESTED'], to: 'PENDING_APPROVAL' },
  confirm_approved: { from: ['REQUESTED'], to: 'APPROVED' },
  approve: { from: ['PENDING_APPROVAL'], to: 'APPROVED' },
  // An approved one not yet claimed by a sender may still be stopped by an admin; a SENDING one may not.
  reject: { from: ['PENDING_APPROVAL', 'APPROVED'], to: 'REJECTED' },
  // Only before approval: once approved, the sender may be submitting it.
  cancel: { from: ['REQUESTED', 'PENDING_APPROVAL'], to: 'CANCELLED' },
  // The payout job takes an approved one for itself before it calls the provider.
  claim: { from: ['APPROVED'], to: 'SENDING' },
  // The chain sender's outbox row (from APPROVED), or the provider's acceptance of a claimed payout.
  send: { from: ['APPROVED', 'SENDING'], to: 'SENT' },
  // A claimed payout the provider reports paid at once, or a submitted one reported paid later.
  complete: { from: ['SENDING', 'SENT'], to: 'COMPLETED' },
  // A claimed payout the provider refused for certain, or one that failed after submission (SENT).
  fail: { from: ['SENDING', 'SENT'], to: 'FAILED' },
  // The sender found the account no longer in good standing (checkAccountStanding): back to the admin
  // queue, the amount still held, nothing sent.
  hold: { from: ['APPROVED'], to: 'PENDING_APPROVAL' },
};

const OUTCOMES: Record<WithdrawalStatus, HoldOutcome> = {
  REQUESTED: 'keep',
  PENDING_APPROVAL: 'keep',
  APPROVED: 'keep',
  SENDING: 'keep',
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
