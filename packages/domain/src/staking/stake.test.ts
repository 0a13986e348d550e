import { describe, expect, it } from 'vitest';
import {
  decideRestake,
  decideStakeClose,
  decideStakeCreation,
  decideStakeRedemption,
  formatApyPercent,
  isValidStakeVariant,
  type StakeState,
  stakeInterest,
  stakeRedemptionPostings,
} from './stake';

const start = new Date('2026-01-01T00:00:00Z');
const variant30 = { durationDays: 30, apyBps: 800n, minAmount: 10_000_000n };

function active(over: Partial<StakeState> = {}): StakeState {
  return {
    status: 'ACTIVE',
    principal: 100_000_000n,
    apyBps: 800n,
    days: 30,
    endDate: new Date('2026-01-31T00:00:00Z'),
    redeemAt: null,
    ...over,
  };
}

describe('stake interest', () => {
  it('is principal × APY × days / 365: 1 BTC at 8% for 30 days is 0.00657534 BTC, rounded down', () => {
    // 100000000 × 800 × 30 / 3650000 = 657534.246... → 657534
    expect(stakeInterest(100_000_000n, 800n, 30)).toBe(657_534n);
  });

  it('never rounds up: 1 minor unit at 10% for 120 days earns nothing', () => {
    expect(stakeInterest(1n, 1_000n, 120)).toBe(0n);
  });

  it('is exact when it divides: 3650 units at 10% for 100 days is 100', () => {
    expect(stakeInterest(3_650n, 1_000n, 100)).toBe(100n);
  });
});

describe('creating a stake', () => {
  it('starts now and ends after the variant’s days', () => {
    const decided = decideStakeCreation(variant30, 50_000_000n, start);
    expect(decided).toEqual({
      ok: true,
      value: {
        principal: 50_000_000n,
        apyBps: 800n,
        days: 30,
        startDate: start,
        endDate: new Date('2026-01-31T00:00:00Z'),
      },
    });
  });

  it('refuses in the spec’s order: no duration, no amount, below the minimum', () => {
    expect(decideStakeCreation(undefined, null, start)).toMatchObject({ code: 'stake_duration_required' });
    expect(decideStakeCreation(variant30, null, start)).toMatchObject({ code: 'stake_amount_required' });
    expect(decideStakeCreation(variant30, 0n, start)).toMatchObject({ code: 'stake_amount_required' });
    expect(decideStakeCreation(variant30, 9_999_999n, start)).toMatchObject({ code: 'stake_below_minimum' });
    expect(decideStakeCreation(variant30, 10_000_000n, start).ok).toBe(true);
  });

  it('accepts only offered durations, APY up to 10% and a positive minimum as data', () => {
    expect(isValidStakeVariant(variant30)).toBe(true);
    expect(isValidStakeVariant({ ...variant30, durationDays: 45 })).toBe(false);
    expect(isValidStakeVariant({ ...variant30, apyBps: 1_001n })).toBe(false);
    expect(isValidStakeVariant({ ...variant30, apyBps: 0n })).toBe(false);
    expect(isValidStakeVariant({ ...variant30, minAmount: 0n })).toBe(false);
  });
});

describe('closing and redeeming', () => {
  it('a stake cannot be closed before its end date, then goes PENDING for one day', () => {
    expect(decideStakeClose(active(), new Date('2026-01-30T23:59:59Z'))).toMatchObject({
      code: 'stake_not_matured',
    });
    expect(decideStakeClose(active(), new Date('2026-01-31T00:00:00Z'))).toEqual({
      ok: true,
      value: { status: 'PENDING', redeemAt: new Date('2026-02-01T00:00:00Z') },
    });
    expect(decideStakeClose(active({ status: 'PENDING' }), new Date('2026-02-05T00:00:00Z'))).toMatchObject({
      code: 'stake_not_active',
    });
  });

  it('pays principal plus interest once the redemption day has passed', () => {
    const pending = active({ status: 'PENDING', redeemAt: new Date('2026-02-01T00:00:00Z') });
    expect(decideStakeRedemption(pending, new Date('2026-01-31T12:00:00Z'))).toMatchObject({
      code: 'stake_not_due',
    });
    expect(decideStakeRedemption(pending, new Date('2026-02-01T00:00:00Z'))).toEqual({
      ok: true,
      value: { status: 'SUCCESS', interest: 657_534n, payout: 100_657_534n },
    });
    expect(
      decideStakeRedemption(active({ status: 'SUCCESS' }), new Date('2026-03-01T00:00:00Z')),
    ).toMatchObject({ code: 'stake_not_pending' });
  });

  it('redemption postings balance: LOCKED out, AVAILABLE in, interest from the pool', () => {
    const postings = stakeRedemptionPostings('u1', 'BTC', 100n, 7n);
    expect(postings.reduce((sum, p) => sum + p.amount, 0n)).toBe(0n);
    expect(postings.map((p) => [p.account.kind, p.amount])).toEqual([
      ['LOCKED', -100n],
      ['AVAILABLE', 107n],
      ['STAKING_POOL', -7n],
    ]);
    expect(stakeRedemptionPostings('u1', 'BTC', 100n, 0n)).toHaveLength(2);
  });
});

describe('restaking', () => {
  it('closes the matured stake and starts a new one of principal plus interest on the same terms', () => {
    const now = new Date('2026-02-10T00:00:00Z');
    expect(decideRestake(active(), now)).toEqual({
      ok: true,
      value: {
        status: 'CLOSED',
        interest: 657_534n,
        payout: 100_657_534n,
        next: {
          principal: 100_657_534n,
          apyBps: 800n,
          days: 30,
          startDate: now,
          endDate: new Date('2026-03-12T00:00:00Z'),
        },
      },
    });
    expect(decideRestake(active(), new Date('2026-01-15T00:00:00Z'))).toMatchObject({
      code: 'stake_not_matured',
    });
  });
});

it('shows APY basis points as a percent', () => {
  expect(formatApyPercent(800n)).toBe('8.00');
  expect(formatApyPercent(1_000n)).toBe('10.00');
  expect(formatApyPercent(825n)).toBe('8.25');
});
