import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { createScheduler } from '../../platform/scheduled-jobs';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { fund } from '../trading/trading-test-helpers';
import { redeemDueStakes, STAKE_REDEMPTION_JOB, stakeRedemptionJob } from './redeem-stakes';
import { coinBalance, createStakeRequest, optionId, stakeAction, userStakes } from './staking-test-helpers';

const DAY = 86_400_000;
const clock = new ManualClock(new Date('2026-05-01T00:00:00Z'));
let t: TestApp;
let eth: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  eth = await optionId(t, await createTestUser(t, { kyc: true }), 'ETH');
});
afterAll(async () => {
  await t.close();
});

async function funded(amount: string): Promise<TestUser> {
  const user = await createTestUser(t, { kyc: true });
  await fund(t, user, 'ETH', amount);
  return user;
}

/** Redemption entries posted, for the given stakes only when named (earlier tests leave stakes of their own). */
async function redemptionEntries(stakeIds?: readonly string[]): Promise<number> {
  const references = (stakeIds ?? []).map((id) => `stake:redeem:${id}`);
  const result = await t.ctx.db.execute<{ n: number }>(
    stakeIds
      ? sql`SELECT count(*)::int AS n FROM journal_entries WHERE reference IN ${references}`
      : sql`SELECT count(*)::int AS n FROM journal_entries WHERE reference LIKE 'stake:redeem:%'`,
  );
  return result.rows[0]?.n ?? 0;
}

/** A user with one matured ACTIVE stake of `amount` ETH for 30 days at 8%. */
async function maturedStake(amount: string): Promise<{ user: TestUser; stakeId: string }> {
  const user = await funded(amount);
  const res = await createStakeRequest(t, user, { stake_option_id: eth, starting_balance: amount, days: 30 });
  expect(res.statusCode).toBe(200);
  const [stake] = (await userStakes(t, user)).data;
  return { user, stakeId: stake._id };
}

describe('staking under concurrency (real PostgreSQL)', () => {
  it('50 parallel stakes of 0.1 on a balance of 1: exactly 10 succeed, nothing overdrawn', async () => {
    const user = await funded('1');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        createStakeRequest(t, user, { stake_option_id: eth, starting_balance: '0.1', days: 60 }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 422)).toHaveLength(40);
    for (const r of results.filter((r) => r.statusCode === 422))
      expect(r.json().message).toBe('Insufficient amount');
    expect(await coinBalance(t, user, 'ETH')).toMatchObject({ balance: '0.00000000', locked: '1.00000000' });
    expect((await userStakes(t, user)).total).toBe(10);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('20 parallel Close requests on one matured stake: one succeeds, one payout', async () => {
    const { user, stakeId } = await maturedStake('2');
    clock.advance(30 * DAY);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => stakeAction(t, user, 'close', stakeId)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const before = await redemptionEntries();
    clock.advance(DAY);
    await redeemDueStakes(t.ctx, clock.now());
    await redeemDueStakes(t.ctx, clock.now());
    expect((await redemptionEntries()) - before).toBe(1);
    // 2 ETH × 8% × 30 / 365 = 0.01315068 (rounded down)
    expect(await coinBalance(t, user, 'ETH')).toMatchObject({ balance: '2.01315068', locked: '0.00000000' });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('Close and Restake racing on one stake: exactly one of them wins', async () => {
    const { user, stakeId } = await maturedStake('1');
    clock.advance(30 * DAY);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => stakeAction(t, user, i % 2 === 0 ? 'close' : 're-stake', stakeId)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('the redemption run concurrently, twice, and from two processes pays every due stake once', async () => {
    const stakesDue = await Promise.all([maturedStake('1'), maturedStake('0.5'), maturedStake('3')]);
    clock.advance(30 * DAY);
    for (const { user, stakeId } of stakesDue)
      expect((await stakeAction(t, user, 'close', stakeId)).statusCode).toBe(200);
    clock.advance(DAY);
    const ids = stakesDue.map((due) => due.stakeId);
    expect(await redemptionEntries(ids)).toBe(0);

    // Two more "processes": schedulers whose lock sessions are separate connections, racing the app's runs.
    const schedulers = [0, 1].map(() => {
      const scheduler = createScheduler({ pool: t.ctx.database.pool, logger: t.ctx.logger, clock });
      scheduler.schedule(stakeRedemptionJob(t.ctx));
      return scheduler;
    });
    const ran = await Promise.all([
      redeemDueStakes(t.ctx, clock.now()),
      redeemDueStakes(t.ctx, clock.now()),
      ...schedulers.map((s) => s.runOnce(STAKE_REDEMPTION_JOB)),
    ]);
    // The app's own scheduler took the job's lock when it started, so neither newcomer runs it.
    expect(ran.slice(2)).toEqual([false, false]);
    await redeemDueStakes(t.ctx, clock.now());
    expect(await redemptionEntries(ids)).toBe(3);

    const expected = ['1.00657534', '0.50328767', '3.01972602'];
    for (const [i, { user }] of stakesDue.entries())
      expect(await coinBalance(t, user, 'ETH')).toMatchObject({ balance: expected[i], locked: '0.00000000' });
    for (const s of schedulers) await s.stop();
    await expectLedgerConsistent(t.ctx.db);
  });
});
