import { describe, expect, it } from 'vitest';
import type { Minor } from '../money';
import { approvalsNeeded, decideApproval } from './four-eyes';

const cents = (n: bigint) => n as Minor;
const line = cents(100_000n);

describe('four eyes on large withdrawals', () => {
  it('a withdrawal at or below the line needs one approval, above it two', () => {
    expect(approvalsNeeded(cents(100_000n), line)).toBe(1);
    expect(approvalsNeeded(cents(100_001n), line)).toBe(2);
    expect(approvalsNeeded(cents(1n), cents(0n))).toBe(2);
  });

  it('one approval sends a small withdrawal on', () => {
    expect(
      decideApproval({
        valueCents: cents(50_000n),
        secondApprovalAboveCents: line,
        firstApprovedBy: null,
        adminId: 'a',
      }),
    ).toEqual({ ok: true, value: 'final' });
  });

  it('a large one waits after the first approval and goes on after a different admin approves', () => {
    const large = { valueCents: cents(500_000n), secondApprovalAboveCents: line };
    expect(decideApproval({ ...large, firstApprovedBy: null, adminId: 'a' })).toEqual({
      ok: true,
      value: 'first',
    });
    expect(decideApproval({ ...large, firstApprovedBy: 'a', adminId: 'b' })).toEqual({
      ok: true,
      value: 'final',
    });
  });

  it('the first approver cannot be the second', () => {
    expect(
      decideApproval({
        valueCents: cents(500_000n),
        secondApprovalAboveCents: line,
        firstApprovedBy: 'a',
        adminId: 'a',
      }),
    ).toEqual({ ok: false, code: 'same_admin' });
  });
});
