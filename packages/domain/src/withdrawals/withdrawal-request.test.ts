import { describe, expect, it } from 'vitest';
import {
  checkDailyWithdrawalLimit,
  checkWithdrawalAmount,
  checkWithdrawalEligibility,
  checkWithdrawalPause,
  type WithdrawalEligibilityInput,
  type WithdrawalTerms,
  withdrawalPausedUntil,
  withdrawalPrecision,
} from './withdrawal-request';

const usd: WithdrawalTerms = { asset: 'USD', method: 'paypal', minimum: 1000n, fee: 100n };

describe('checkWithdrawalAmount', () => {
  it('answers what leaves, the fee and what the customer receives', () => {
    expect(checkWithdrawalAmount(usd, 'USD', ' 25.50 ')).toEqual({
      ok: true,
      value: { asset: 'USD', amount: 2550n, fee: 100n, receive: 2450n },
    });
  });

  it('refuses in order: asset, missing, invalid, precision, minimum', () => {
    const code = (asset: string, amount: string) => {
      const checked = checkWithdrawalAmount(usd, asset, amount);
      return checked.ok ? null : checked.code;
    };
    expect(code('ETH', '1')).toBe('asset_not_withdrawable');
    expect(checkWithdrawalAmount(undefined, 'USD', '20')).toMatchObject({ code: 'asset_not_withdrawable' });
    expect(code('USD', '  ')).toBe('amount_required');
    expect(code('USD', 'abc')).toBe('amount_invalid');
    expect(code('USD', '-20')).toBe('amount_invalid');
    expect(code('USD', '0')).toBe('amount_invalid');
    expect(checkWithdrawalAmount(usd, 'USD', '20.001')).toEqual({
      ok: false,
      code: 'amount_precision_exceeded',
      params: { precision: '2' },
    });
    expect(checkWithdrawalAmount(usd, 'USD', '9.99')).toEqual({
      ok: false,
      code: 'below_minimum',
      params: { minimum: '1000' },
    });
    expect(code('USD', '10')).toBeNull();
  });

  it('never lets the fee eat the whole amount, whatever the minimum', () => {
    const cheap = { ...usd, minimum: 1n };
    expect(checkWithdrawalAmount(cheap, 'USD', '1.00')).toEqual({
      ok: false,
      code: 'below_minimum',
      params: { minimum: '101' },
    });
    expect(checkWithdrawalAmount(cheap, 'USD', '1.01').ok).toBe(true);
  });

  it("refuses more decimals than the terms' precision allows (USDT: 6 on the chain, 8 in the ledger)", () => {
    const usdt: WithdrawalTerms = { asset: 'USDT', method: 'chain', minimum: 1n, fee: 0n, precision: 6 };
    expect(withdrawalPrecision(usdt)).toBe(6);
    expect(withdrawalPrecision(usd)).toBe(2);
    expect(withdrawalPrecision({ ...usdt, precision: 18 })).toBe(8);
    expect(checkWithdrawalAmount(usdt, 'USDT', '0.1234567')).toEqual({
      ok: false,
      code: 'amount_precision_exceeded',
      params: { precision: '6' },
    });
    expect(checkWithdrawalAmount(usdt, 'USDT', '0.123456')).toMatchObject({
      ok: true,
      value: { amount: 12_345_600n },
    });
  });
});

const now = new Date('2026-11-27T12:00:00Z');
const eligible: WithdrawalEligibilityInput = {
  accountActive: true,
  withdrawalsFrozen: false,
  kycVerified: true,
  twoFactorOn: true,
  outflow: { openDebts: 0 },
  coolDownMs: 86_400_000,
  now,
};
const refusal = (over: Partial<WithdrawalEligibilityInput>) => {
  const checked = checkWithdrawalEligibility({ ...eligible, ...over });
  return checked.ok ? null : checked.code;
};

describe('checkWithdrawalEligibility', () => {
  it('lets an active, verified customer with two-factor and no restriction withdraw', () => {
    expect(refusal({})).toBeNull();
  });

  it('refuses in order: disabled, frozen, unverified, no two-factor, open debt, deposit hold', () => {
    const all: Partial<WithdrawalEligibilityInput> = {
      accountActive: false,
      withdrawalsFrozen: true,
      kycVerified: false,
      twoFactorOn: false,
      outflow: { openDebts: 1 },
    };
    expect(refusal(all)).toBe('account_disabled');
    const active = { ...all, accountActive: true };
    expect(refusal(active)).toBe('withdrawals_frozen');
    expect(refusal({ ...active, withdrawalsFrozen: false })).toBe('kyc_required');
    const unfrozen = { ...active, withdrawalsFrozen: false };
    expect(refusal({ ...unfrozen, kycVerified: true })).toBe('two_factor_required');
    expect(refusal({ ...unfrozen, kycVerified: true, twoFactorOn: true })).toBe('debt_open');
    expect(
      refusal({
        outflow: { openDebts: 0, hold: { heldCents: 500n, walletValueCents: 1000n, outCents: 600n } },
      }),
    ).toBe('deposit_on_hold');
  });
});

describe('the withdrawal pause after a security change', () => {
  const pause = { lastSecurityChangeAt: null, coolDownMs: 86_400_000, now };

  it('keeps the pause for exactly its length after a security change and names its end', () => {
    const changed = new Date(now.getTime() - 86_400_000 + 1);
    expect(checkWithdrawalPause({ ...pause, lastSecurityChangeAt: changed })).toEqual({
      ok: false,
      code: 'security_cool_down',
      params: { until: '2026-11-27T12:00:00.001Z' },
    });
    expect(withdrawalPausedUntil({ ...pause, lastSecurityChangeAt: changed })?.toISOString()).toBe(
      '2026-11-27T12:00:00.001Z',
    );
    const dayAgo = new Date(now.getTime() - 86_400_000);
    expect(checkWithdrawalPause({ ...pause, lastSecurityChangeAt: dayAgo }).ok).toBe(true);
    expect(withdrawalPausedUntil({ ...pause, lastSecurityChangeAt: dayAgo })).toBeNull();
  });

  it('is off without a security change, and when the cool-down is 0', () => {
    expect(withdrawalPausedUntil(pause)).toBeNull();
    expect(checkWithdrawalPause({ ...pause, lastSecurityChangeAt: now, coolDownMs: 0 }).ok).toBe(true);
  });

  it('is not an eligibility refusal: the account rules pass during the pause', () => {
    expect(refusal({})).toBeNull();
  });
});

describe('checkDailyWithdrawalLimit', () => {
  it('allows up to the limit, refuses a cent more and names what is left', () => {
    expect(checkDailyWithdrawalLimit({ usedCents: 40_00n, outCents: 60_00n, limitCents: 100_00n }).ok).toBe(
      true,
    );
    expect(checkDailyWithdrawalLimit({ usedCents: 40_00n, outCents: 60_01n, limitCents: 100_00n })).toEqual({
      ok: false,
      code: 'daily_limit',
      params: { left: '6000' },
    });
    expect(
      checkDailyWithdrawalLimit({ usedCents: 120_00n, outCents: 1n, limitCents: 100_00n }),
    ).toMatchObject({
      params: { left: '0' },
    });
    expect(checkDailyWithdrawalLimit({ usedCents: 10n ** 12n, outCents: 1n, limitCents: 0n }).ok).toBe(true);
  });
});

describe('checkWithdrawalEligibility for an unreviewed destination (an NFT send-out)', () => {
  const at = (ms: number) => new Date(now.getTime() + ms);
  it('lets an address used before through, and a book entry past its cool-down', () => {
    expect(refusal({ unreviewedDestination: { usedBefore: true, bookUsableAt: null } })).toBeNull();
    expect(refusal({ unreviewedDestination: { usedBefore: false, bookUsableAt: at(0) } })).toBeNull();
  });

  it('refuses a new address not in the book, and a book entry still cooling down', () => {
    expect(refusal({ unreviewedDestination: { usedBefore: false, bookUsableAt: null } })).toBe('address_new');
    expect(
      checkWithdrawalEligibility({
        ...eligible,
        unreviewedDestination: { usedBefore: false, bookUsableAt: at(1) },
      }),
    ).toEqual({ ok: false, code: 'address_cooling_down', params: { until: '2026-11-27T12:00:00.001Z' } });
  });

  it('lets a new address through when the cool-down is off, and checks the account first', () => {
    const fresh = { unreviewedDestination: { usedBefore: false, bookUsableAt: null } };
    expect(refusal({ ...fresh, coolDownMs: 0 })).toBeNull();
    expect(refusal({ ...fresh, outflow: { openDebts: 1 } })).toBe('debt_open');
  });
});
