import { describe, expect, it } from 'vitest';
import { type AccountStanding, checkAccountStanding, standingProblems } from './account-standing';

const requestedAt = new Date('2026-11-27T12:00:00Z');
const later = new Date('2026-11-27T13:00:00Z');
const fine: AccountStanding = {
  accountActive: true,
  withdrawalsFrozen: false,
  kycVerified: true,
  twoFactorOn: true,
  openDebts: 0,
  passwordChangedAt: new Date('2026-11-01T00:00:00Z'),
  twoFactorEnabledAt: new Date('2026-11-01T00:00:00Z'),
};

describe('standingProblems', () => {
  it('finds nothing wrong with an account as it was when the withdrawal was requested', () => {
    expect(standingProblems(fine, requestedAt)).toEqual([]);
    expect(checkAccountStanding(fine, requestedAt)).toEqual({ ok: true, value: undefined });
  });

  it('lists every problem, in order, so an admin who approves has seen them all', () => {
    const bad: AccountStanding = {
      accountActive: false,
      withdrawalsFrozen: true,
      kycVerified: false,
      twoFactorOn: false,
      openDebts: 1,
      passwordChangedAt: later,
      twoFactorEnabledAt: later,
    };
    expect(standingProblems(bad, requestedAt)).toEqual([
      'account_disabled',
      'withdrawals_frozen',
      'kyc_required',
      'two_factor_required',
      'debt_open',
      'password_changed',
      'two_factor_changed',
    ]);
    expect(checkAccountStanding(bad, requestedAt)).toMatchObject({
      code: 'standing_held',
      params: {
        problems:
          'account_disabled,withdrawals_frozen,kyc_required,two_factor_required,debt_open,password_changed,two_factor_changed',
      },
    });
  });

  it('counts a security change only strictly after the reference time, and none without one', () => {
    expect(standingProblems({ ...fine, passwordChangedAt: requestedAt }, requestedAt)).toEqual([]);
    expect(standingProblems({ ...fine, passwordChangedAt: later }, requestedAt)).toEqual([
      'password_changed',
    ]);
    expect(standingProblems({ ...fine, passwordChangedAt: later }, later)).toEqual([]);
    expect(standingProblems({ ...fine, twoFactorEnabledAt: later }, null)).toEqual([]);
  });
});
