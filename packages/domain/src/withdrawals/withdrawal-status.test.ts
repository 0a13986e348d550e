import { describe, expect, it } from 'vitest';
import {
  isFinalWithdrawalStatus,
  nextWithdrawalStatus,
  WITHDRAWAL_STATUSES,
  type WithdrawalAction,
} from './withdrawal-status';

const ACTIONS: WithdrawalAction[] = [
  'confirm_for_review',
  'confirm_approved',
  'approve',
  'reject',
  'cancel',
  'claim',
  'send',
  'complete',
  'fail',
];

describe('nextWithdrawalStatus', () => {
  it('walks the happy path: confirmed for review, approved, sent, completed and paid out', () => {
    expect(nextWithdrawalStatus('REQUESTED', 'confirm_for_review')).toEqual({
      ok: true,
      value: { status: 'PENDING_APPROVAL', hold: 'keep' },
    });
    expect(nextWithdrawalStatus('PENDING_APPROVAL', 'approve')).toMatchObject({
      value: { status: 'APPROVED' },
    });
    expect(nextWithdrawalStatus('APPROVED', 'send')).toMatchObject({
      value: { status: 'SENT', hold: 'keep' },
    });
    expect(nextWithdrawalStatus('SENT', 'complete')).toEqual({
      ok: true,
      value: { status: 'COMPLETED', hold: 'pay_out' },
    });
  });

  it('refunds a rejection, a cancellation and a failure', () => {
    expect(nextWithdrawalStatus('PENDING_APPROVAL', 'reject')).toMatchObject({ value: { hold: 'refund' } });
    expect(nextWithdrawalStatus('REQUESTED', 'cancel')).toMatchObject({
      value: { status: 'CANCELLED', hold: 'refund' },
    });
    expect(nextWithdrawalStatus('SENT', 'fail')).toMatchObject({
      value: { status: 'FAILED', hold: 'refund' },
    });
  });

  it('lets the customer cancel only before approval', () => {
    expect(nextWithdrawalStatus('PENDING_APPROVAL', 'cancel').ok).toBe(true);
    expect(nextWithdrawalStatus('APPROVED', 'cancel')).toEqual({
      ok: false,
      code: 'withdrawal_state',
      params: { status: 'APPROVED' },
    });
    expect(nextWithdrawalStatus('SENT', 'cancel').ok).toBe(false);
  });

  it('moves a final withdrawal nowhere, so it is paid out or refunded once', () => {
    for (const status of WITHDRAWAL_STATUSES.filter(isFinalWithdrawalStatus))
      for (const action of ACTIONS) expect(nextWithdrawalStatus(status, action).ok).toBe(false);
    expect(WITHDRAWAL_STATUSES.filter(isFinalWithdrawalStatus)).toEqual([
      'COMPLETED',
      'FAILED',
      'REJECTED',
      'CANCELLED',
    ]);
  });

  it('lets only the payout job end a claimed (SENDING) payout: paid or refused, never rejected or cancelled', () => {
    expect(nextWithdrawalStatus('APPROVED', 'claim')).toEqual({
      ok: true,
      value: { status: 'SENDING', hold: 'keep' },
    });
    expect(nextWithdrawalStatus('SENDING', 'claim').ok).toBe(false);
    expect(nextWithdrawalStatus('SENDING', 'reject')).toEqual({
      ok: false,
      code: 'withdrawal_state',
      params: { status: 'SENDING' },
    });
    expect(nextWithdrawalStatus('SENDING', 'cancel').ok).toBe(false);
    expect(nextWithdrawalStatus('SENDING', 'send')).toMatchObject({
      value: { status: 'SENT', hold: 'keep' },
    });
    expect(nextWithdrawalStatus('SENDING', 'complete')).toMatchObject({ value: { hold: 'pay_out' } });
    expect(nextWithdrawalStatus('SENDING', 'fail')).toMatchObject({ value: { hold: 'refund' } });
    // Nothing fails an approved payout that was never claimed: the job claims before it asks PayPal.
    expect(nextWithdrawalStatus('APPROVED', 'fail').ok).toBe(false);
  });

  it('never approves twice nor confirms an approved withdrawal again', () => {
    expect(nextWithdrawalStatus('APPROVED', 'approve').ok).toBe(false);
    expect(nextWithdrawalStatus('PENDING_APPROVAL', 'confirm_approved').ok).toBe(false);
    expect(nextWithdrawalStatus('REQUESTED', 'send').ok).toBe(false);
  });
});

describe('holding a withdrawal for an admin', () => {
  it('moves an approved one back to the queue with its amount still held, and nothing else', () => {
    expect(nextWithdrawalStatus('APPROVED', 'hold')).toEqual({
      ok: true,
      value: { status: 'PENDING_APPROVAL', hold: 'keep' },
    });
    for (const from of ['REQUESTED', 'PENDING_APPROVAL', 'SENT', 'COMPLETED', 'FAILED', 'REJECTED'] as const)
      expect(nextWithdrawalStatus(from, 'hold').ok).toBe(false);
  });
});
