import { describe, expect, it } from 'vitest';
import { decideWithdrawalApproval, type RiskInput, withdrawalRiskFlags } from './withdrawal-approval';

const now = new Date('2026-11-27T12:00:00Z');
const HOUR = 3_600_000;
const calm: RiskInput = {
  newAddress: false,
  lastDepositAt: new Date(now.getTime() - 48 * HOUR),
  lastSecurityChangeAt: new Date(now.getTime() - 30 * 24 * HOUR),
  securityReviewMs: 7 * 24 * HOUR,
  valueCents: 50_00n,
  pastValuesCents: [40_00n, 60_00n],
  firstWithdrawalUnusualCents: 500_00n,
  now,
};

describe('withdrawalRiskFlags', () => {
  it('raises nothing for a usual withdrawal long after the last deposit and security change', () => {
    expect(withdrawalRiskFlags(calm)).toEqual([]);
  });

  it('flags a new address, a deposit within 24 h, a recent security change and an unusual size', () => {
    expect(
      withdrawalRiskFlags({
        ...calm,
        newAddress: true,
        lastDepositAt: new Date(now.getTime() - 23 * HOUR),
        lastSecurityChangeAt: new Date(now.getTime() - 3 * 24 * HOUR),
        valueCents: 150_01n,
      }),
    ).toEqual(['new_address', 'recent_deposit', 'recent_security_change', 'unusual_size']);
  });

  it('calls a size unusual above three times the average, or above the first-withdrawal mark', () => {
    expect(withdrawalRiskFlags({ ...calm, valueCents: 150_00n })).toEqual([]);
    expect(withdrawalRiskFlags({ ...calm, valueCents: 150_01n })).toEqual(['unusual_size']);
    expect(withdrawalRiskFlags({ ...calm, pastValuesCents: [], valueCents: 500_00n })).toEqual([]);
    expect(withdrawalRiskFlags({ ...calm, pastValuesCents: [], valueCents: 500_01n })).toEqual([
      'unusual_size',
    ]);
  });
});

describe('decideWithdrawalApproval', () => {
  it('queues a withdrawal that needs four eyes even when the auto-approval line is set above it', () => {
    const input = { autoApproveBelowCents: 5000_00n, secondApprovalAboveCents: 1000_00n, flags: [] };
    expect(decideWithdrawalApproval({ ...input, valueCents: 1000_00n })).toBe('APPROVED');
    expect(decideWithdrawalApproval({ ...input, valueCents: 1000_01n })).toBe('PENDING_APPROVAL');
    expect(decideWithdrawalApproval({ ...input, valueCents: 1n, secondApprovalAboveCents: 0n })).toBe(
      'PENDING_APPROVAL',
    );
  });

  it('approves below the limit without flags, queues at the limit or with any flag', () => {
    expect(
      decideWithdrawalApproval({
        valueCents: 99_99n,
        autoApproveBelowCents: 100_00n,
        secondApprovalAboveCents: 1000_00n,
        flags: [],
      }),
    ).toBe('APPROVED');
    expect(
      decideWithdrawalApproval({
        valueCents: 100_00n,
        autoApproveBelowCents: 100_00n,
        secondApprovalAboveCents: 1000_00n,
        flags: [],
      }),
    ).toBe('PENDING_APPROVAL');
    expect(
      decideWithdrawalApproval({
        valueCents: 1n,
        autoApproveBelowCents: 100_00n,
        secondApprovalAboveCents: 1000_00n,
        flags: ['recent_deposit'],
      }),
    ).toBe('PENDING_APPROVAL');
    expect(
      decideWithdrawalApproval({
        valueCents: 1n,
        autoApproveBelowCents: 0n,
        secondApprovalAboveCents: 1000_00n,
        flags: [],
      }),
    ).toBe('PENDING_APPROVAL');
  });
});
