import { describe, expect, it } from 'vitest';
import { validateEntry } from '../ledger';
import { decideReferralReward, type ReferralRewardFacts, referralRewardReference } from './reward';

const facts = (
  over: Partial<ReferralRewardFacts['referral']> = {},
  referrerStatus: 'ACTIVE' | 'DISABLED' = 'ACTIVE',
) => ({
  referral: {
    referrerId: 'alice',
    referredId: 'bob',
    status: 'PENDING' as const,
    amount: 1_000_000_000n,
    asset: 'USDT' as const,
    ...over,
  },
  referrerStatus,
});

describe('decideReferralReward', () => {
  it('pays a pending referral from the referral expense account to the referrer, balanced', () => {
    const decided = decideReferralReward(facts());
    expect(decided.ok).toBe(true);
    if (!decided.ok) return;
    expect(decided.value.status).toBe('SUCCESS');
    expect(decided.value.postings).toEqual([
      { account: { userId: null, asset: 'USDT', kind: 'REFERRAL_EXPENSE' }, amount: -1_000_000_000n },
      { account: { userId: 'alice', asset: 'USDT', kind: 'AVAILABLE' }, amount: 1_000_000_000n },
    ]);
    expect(validateEntry(decided.value.postings).ok).toBe(true);
  });

  it('refuses a referral that was already settled, whatever else holds', () => {
    expect(decideReferralReward(facts({ status: 'SUCCESS' }))).toEqual({
      ok: false,
      code: 'already_settled',
    });
    expect(decideReferralReward(facts({ status: 'REJECTED' }, 'DISABLED'))).toEqual({
      ok: false,
      code: 'already_settled',
    });
  });

  it('pays nothing for a self-referral and nothing to a disabled referrer', () => {
    expect(decideReferralReward(facts({ referredId: 'alice' }))).toEqual({
      ok: true,
      value: { status: 'REJECTED', reason: 'self_referral', postings: [] },
    });
    expect(decideReferralReward(facts({}, 'DISABLED'))).toEqual({
      ok: true,
      value: { status: 'REJECTED', reason: 'referrer_disabled', postings: [] },
    });
  });

  it('settles a zero reward without postings', () => {
    expect(decideReferralReward(facts({ amount: 0n }))).toEqual({
      ok: true,
      value: { status: 'SUCCESS', postings: [] },
    });
  });

  it('names one ledger reference per referral', () => {
    expect(referralRewardReference('r1')).toBe('referral:r1');
  });
});

describe('a referred user whose KYC matched another account', () => {
  it('earns the referrer nothing unless the admin confirmed the reward', () => {
    expect(decideReferralReward({ ...facts(), identity: { matched: true, payDespiteMatch: false } })).toEqual(
      {
        ok: true,
        value: { status: 'REJECTED', reason: 'duplicate_identity', postings: [] },
      },
    );
    const confirmed = decideReferralReward({
      ...facts(),
      identity: { matched: true, payDespiteMatch: true },
    });
    expect(confirmed.ok && confirmed.value.status).toBe('SUCCESS');
    const unmatched = decideReferralReward({
      ...facts(),
      identity: { matched: false, payDespiteMatch: false },
    });
    expect(unmatched.ok && unmatched.value.status).toBe('SUCCESS');
  });
});
