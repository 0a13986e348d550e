import { messages as m } from '@exchange/contracts';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries, referrals, users } from '../../db/schema';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { post, ROOMY_LIMITS, signupBody } from '../auth/auth-test-helpers';
import { loadBalances } from '../ledger/ledger.repository';
import { creditReferralReward } from './credit-referral-reward';

let t: TestApp;
let referrer: TestUser;
let stranger: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { ...ROOMY_LIMITS, REFERRAL_REWARD: '10' } });
  referrer = await createTestUser(t, { kyc: true, name: 'Rita Referrer' });
  stranger = await createTestUser(t, { name: 'Sam Stranger' });
  admin = await createTestUser(t, { role: 'ADMIN' });
});
afterAll(async () => t.close());

async function refCodeOf(userId: string) {
  const [row] = await t.ctx.db.select({ refCode: users.refCode }).from(users).where(eq(users.id, userId));
  return row!.refCode;
}

/** Signs a new user up with `code` and returns their id. */
async function signUpWith(email: string, code: string | undefined) {
  const res = await post(t, '/auth/signup', signupBody(email, code ? { referral_code: code } : {}));
  expect(res.statusCode).toBe(200);
  const [row] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

const get = (user: TestUser | null, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: user?.headers ?? {} });
const usdtOf = async (userId: string) =>
  (await loadBalances(t.ctx.db, [{ userId, asset: 'USDT', kind: 'AVAILABLE' }])).values().next().value;
const credit = (userId: string) => t.ctx.db.transaction((tx) => creditReferralReward(tx, userId));

describe('who may read referrals', () => {
  it.each(['/referal/getReferralByUser', '/referal/getReferralList'])(
    '%s: 401 anonymous, 200 otherwise',
    async (url) => {
      expect((await get(null, url)).statusCode).toBe(401);
      for (const user of [stranger, referrer, admin]) expect((await get(user, url)).statusCode).toBe(200);
    },
  );
});

describe('signing up with a referral code', () => {
  it('records a PENDING referral with the configured reward; an unknown code is refused', async () => {
    const code = await refCodeOf(referrer.id);
    const referredId = await signUpWith('newbie@example.com', code.toLowerCase());
    const [row] = await t.ctx.db.select().from(referrals).where(eq(referrals.referredId, referredId));
    expect(row).toMatchObject({
      referrerId: referrer.id,
      status: 'PENDING',
      asset: 'USDT',
      amount: '1000000000',
    });

    const bad = await post(
      t,
      '/auth/signup',
      signupBody('nobody@example.com', { referral_code: 'NOPE000000' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: m.referralInvalid });
    await signUpWith('plain@example.com', undefined);
    expect(await t.ctx.db.select().from(referrals)).toHaveLength(1);
  });

  it('shows the referrer the pending referral; nobody else sees it', async () => {
    const summary = await get(referrer, '/referal/getReferralByUser');
    expect(summary.json()).toEqual({
      status: true,
      message: m.referralSummaryLoaded,
      data: { user_earned: '0.00', total_users_used: 1 },
    });
    const list = await get(referrer, '/referal/getReferralList');
    expect(list.json()).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(list.json().data[0]).toMatchObject({
      referByName: 'Rita Referrer',
      referToName: 'Dana Scully',
      ref_amount: '10.00000000',
      asset: 'USDT',
      status: 'PENDING',
    });
    expect((await get(stranger, '/referal/getReferralList')).json()).toMatchObject({ data: [], total: 0 });
    expect((await get(stranger, '/referal/getReferralByUser')).json().data).toEqual({
      user_earned: '0.00',
      total_users_used: 0,
    });
    expect((await get(referrer, '/referal/getReferralList?search=nobody')).json().total).toBe(0);
    expect((await get(referrer, '/referal/getReferralList?search=dana')).json().total).toBe(1);
    expect((await get(referrer, '/referal/getReferralList?limit=0')).statusCode).toBe(400);
  });
});

describe('the reward when the referred user passes KYC', () => {
  it('is paid once, even when credited twice, and the summary shows it', async () => {
    const referredId = await signUpWith('twice@example.com', await refCodeOf(referrer.id));
    const before = await usdtOf(referrer.id);
    expect(await credit(referredId)).toBe('paid');
    expect(await credit(referredId)).toBe('already_settled');
    expect((await usdtOf(referrer.id))! - before!).toBe(1_000_000_000n);
    const [row] = await t.ctx.db.select().from(referrals).where(eq(referrals.referredId, referredId));
    expect(row!.status).toBe('SUCCESS');
    expect((await get(referrer, '/referal/getReferralByUser')).json().data).toEqual({
      user_earned: '10.00',
      total_users_used: 2,
    });
    const tx = await get(referrer, '/wallet/transactions');
    expect(tx.json().data[0]).toMatchObject({ operation: 'REFERRAL_REWARD', to: { currency_code: 'USDT' } });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('is paid once when 20 approvals race', async () => {
    const racer = await createTestUser(t, { name: 'Race Referrer' });
    const referredId = await signUpWith('race@example.com', await refCodeOf(racer.id));
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => credit(referredId)));
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already_settled')).toHaveLength(19);
    expect(await usdtOf(racer.id)).toBe(1_000_000_000n);
    const [row] = await t.ctx.db.select().from(referrals).where(eq(referrals.referredId, referredId));
    const entries = await t.ctx.db
      .select()
      .from(journalEntries)
      .where(like(journalEntries.reference, `referral:${row!.id}%`));
    expect(entries).toHaveLength(1);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('pays a disabled referrer nothing, and nothing happens for a user nobody referred', async () => {
    const gone = await createTestUser(t, { name: 'Gone Referrer' });
    const referredId = await signUpWith('orphan@example.com', await refCodeOf(gone.id));
    await t.ctx.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, gone.id));
    expect(await credit(referredId)).toBe('rejected');
    expect(await usdtOf(gone.id)).toBe(0n);
    const [row] = await t.ctx.db.select().from(referrals).where(eq(referrals.referredId, referredId));
    expect(row!.status).toBe('REJECTED');
    expect(await credit(stranger.id)).toBe('no_referral');
    await expectLedgerConsistent(t.ctx.db);
  });

  it('the database refuses a self-referral outright', async () => {
    await expect(
      t.ctx.db.insert(referrals).values({
        referrerId: stranger.id,
        referredId: stranger.id,
        asset: 'USDT',
        amount: '1',
      }),
    ).rejects.toThrow();
  });
});
