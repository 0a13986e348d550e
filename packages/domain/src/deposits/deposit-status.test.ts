import { describe, expect, it } from 'vitest';
import {
  canMoveDeposit,
  DEPOSIT_STATUSES,
  depositStatusesBefore,
  isFinalDepositStatus,
} from './deposit-status';

describe('deposit status transitions', () => {
  it('follows the happy path', () => {
    expect(canMoveDeposit('CREATED', 'APPROVED')).toBe(true);
    expect(canMoveDeposit('APPROVED', 'PENDING')).toBe(true);
    expect(canMoveDeposit('PENDING', 'CREDITED')).toBe(true);
  });

  it('never leaves FAILED, leaves CREDITED only when the money is taken back, never goes back to CREATED', () => {
    for (const to of DEPOSIT_STATUSES) {
      expect(canMoveDeposit('CREDITED', to)).toBe(to === 'REFUNDED' || to === 'REVERSED');
      expect(canMoveDeposit('FAILED', to)).toBe(false);
      expect(canMoveDeposit(to, 'CREATED')).toBe(false);
    }
    expect(canMoveDeposit('REFUNDED', 'CREDITED')).toBe(false);
    expect(canMoveDeposit('REFUNDED', 'REVERSED')).toBe(true);
    expect(isFinalDepositStatus('CREDITED')).toBe(false);
    expect(isFinalDepositStatus('FAILED')).toBe(true);
    expect(isFinalDepositStatus('PENDING')).toBe(false);
  });

  it('lets a settled capture credit or fail a declined order, but not approve it again', () => {
    expect(canMoveDeposit('DECLINED', 'CREDITED')).toBe(true);
    expect(canMoveDeposit('DECLINED', 'FAILED')).toBe(true);
    expect(canMoveDeposit('DECLINED', 'APPROVED')).toBe(false);
    expect(canMoveDeposit('DECLINED', 'PENDING')).toBe(false);
  });

  it('never moves an order to the status it is in', () => {
    for (const status of DEPOSIT_STATUSES) expect(canMoveDeposit(status, status)).toBe(false);
  });

  it('lists the statuses before each one', () => {
    expect(depositStatusesBefore('PENDING')).toEqual(['CREATED', 'APPROVED']);
    expect(depositStatusesBefore('CAPTURED')).toEqual([]);
  });
});
