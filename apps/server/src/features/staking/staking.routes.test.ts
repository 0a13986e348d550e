import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { fund } from '../trading/trading-test-helpers';
import { redeemDueStakes } from './redeem-stakes';
import {
  coinBalance,
  createStakeRequest,
  fresh,
  optionId,
  stakeAction,
  userStakes,
} from './staking-test-helpers';

const DAY = 86_400_000;
const clock = new ManualClock(new Date('2026-04-01T00:00:00Z'));
let t: TestApp;
let btc: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  btc = await optionId(t, await createTestUser(t, { kyc: true }), 'BTC');
});
afterAll(async () => {
  await t.close();
});

async function funded(amount = '1'): Promise<TestUser> {
  const user = await createTestUser(t, { kyc: true });
  await fund(t, user, 'BTC', amount);
  return user;
}

describe('who may stake', () => {
  it('anonymous callers get 401; users without KYC 403; admins without KYC 403 too', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/stake/options' });
    expect(anonymous.statusCode).toBe(401);
    const bob = await createTestUser(t, { kyc: false });
    const admin = await createTestUser(t, { role: 'ADMIN', kyc: false });
    for (const user of [bob, admin]) {
      for (const [method, url] of [
        ['GET', '/api/v1/stake/options'],
        ['GET', '/api/v1/stake/user/all'],
        ['POST', '/api/v1/stake/create'],
        ['POST', '/api/v1/stake/close'],
        ['POST', '/api/v1/stake/re-stake'],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: user.headers,
          payload: method === 'POST' ? {} : undefined,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });

  it('another user cannot see, close or restake my stake, and the user_id field is ignored', async () => {
    const alice = await funded();
    const mallory = await funded();
    const res = await createStakeRequest(t, mallory, {
      stake_option_id: btc,
      user_id: alice.id,
      starting_balance: '0.5',
      days: 30,
    });
    expect(res.statusCode).toBe(200);
    expect((await userStakes(t, alice)).data).toEqual([]);
    const [stake] = (await userStakes(t, mallory)).data;
    clock.advance(31 * DAY);
    for (const action of ['close', 're-stake'] as const) {
      const other = await stakeAction(t, alice, action, stake._id);
      expect(other.statusCode).toBe(404);
      expect(other.json().message).toBe('Stake not found');
    }
    expect((await userStakes(t, mallory)).data[0].status).toBe('ACTIVE');
  });
});

describe('stake options', () => {
  it('lists every coin with 30/60/90/120-day variants, APY from 8% up to 10% and a 0.1 minimum', async () => {
    const user = await createTestUser(t, { kyc: true });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/stake/options', headers: user.headers });
    expect(res.statusCode).toBe(200);
    const options = res.json().data;
    expect(options.map((o: { symbol: string }) => o.symbol)).toEqual([
      'BTC',
      'BNB',
      'ETH',
      'USDT',
      'USDC',
      'XRP',
      'ADA',
      'MATIC',
      'DOT',
      'BUSD',
    ]);
    expect(options[0]).toMatchObject({ name: 'Bitcoin', image_url: '/coins/btc.svg' });
    expect(options[0].variants).toEqual([
      { duration: 30, apy: '8.00', min_amount: '0.10000000' },
      { duration: 60, apy: '8.50', min_amount: '0.10000000' },
      { duration: 90, apy: '9.00', min_amount: '0.10000000' },
      { duration: 120, apy: '10.00', min_amount: '0.10000000' },
    ]);
  });
});

describe('creating a stake: validation in order, nothing changes on a refusal', () => {
  it.each([
    [{ stake_option_id: 'nope', starting_balance: '0.5', days: 30 }, 404, 'Stake option not found'],
    [
      { stake_option_id: '00000000-0000-4000-8000-000000000000', starting_balance: '0.5', days: 30 },
      404,
      'Stake option not found',
    ],
    [{ starting_balance: '0.5', days: 45, stake_option_id: 'X' }, 404, 'Stake option not found'],
    [{ stake_option_id: 'BTC', starting_balance: '', days: 45 }, 422, 'Please Select Duration'],
    [{ stake_option_id: 'BTC', starting_balance: '', days: null }, 422, 'Please Select Duration'],
    [{ stake_option_id: 'BTC', starting_balance: '', days: 30 }, 422, 'Please Select Stake Amount'],
    [{ stake_option_id: 'BTC', starting_balance: null, days: 30 }, 422, 'Please Select Stake Amount'],
    // A typed amount that is not a positive number is invalid, not missing, on the wire as text or number.
    [{ stake_option_id: 'BTC', starting_balance: 0, days: 30 }, 422, 'Please Enter Valid Stake Amount'],
    [{ stake_option_id: 'BTC', starting_balance: '-5', days: 30 }, 422, 'Please Enter Valid Stake Amount'],
    [{ stake_option_id: 'BTC', starting_balance: -5, days: 30 }, 422, 'Please Enter Valid Stake Amount'],
    [{ stake_option_id: 'BTC', starting_balance: '-0.5', days: 30 }, 422, 'Please Enter Valid Stake Amount'],
    [{ stake_option_id: 'BTC', starting_balance: 'abc', days: 30 }, 422, 'Please Enter Valid Stake Amount'],
    [
      { stake_option_id: 'BTC', starting_balance: '0.123456789', days: 30 },
      422,
      'Please Enter Valid Stake Amount',
    ],
    [{ stake_option_id: 'BTC', starting_balance: 0.09, days: '30' }, 422, 'Minimum stake amount is 0.1'],
    [{ stake_option_id: 'BTC', starting_balance: '1.5', days: 30 }, 422, 'Insufficient amount'],
  ])('%j → %i %s', async (payload, status, message) => {
    const user = await funded();
    const body = {
      ...payload,
      stake_option_id: payload.stake_option_id === 'BTC' ? btc : payload.stake_option_id,
    };
    const res = await createStakeRequest(t, user, body);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ status: false, message });
    expect(await coinBalance(t, user, 'BTC')).toMatchObject({ balance: '1.00000000', locked: '0.00000000' });
    expect((await userStakes(t, user)).data).toEqual([]);
  });

  it('a body without the option id is a 400, never a 500', async () => {
    const user = await funded();
    const res = await createStakeRequest(t, user, { starting_balance: '0.5', days: 30 });
    expect(res.statusCode).toBe(400);
  });
});

describe('the life of a stake', () => {
  it('create → ACTIVE (principal LOCKED) → matured Close → PENDING → after a day SUCCESS with interest', async () => {
    const user = await funded();
    const created = await createStakeRequest(t, user, {
      stake_option_id: btc,
      starting_balance: 0.5,
      days: 30,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ status: true, message: 'Stake created successfully' });
    const wallet = created.json().data.wallet.currencies.find((c: { symbol: string }) => c.symbol === 'BTC');
    expect(wallet).toMatchObject({ balance: '0.50000000', locked: '0.50000000' });

    const listed = await userStakes(t, user);
    expect(listed).toMatchObject({ status: true, total: 1, page: 1 });
    const stake = listed.data[0];
    const start = clock.now();
    expect(stake).toMatchObject({
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 30 * DAY).toISOString(),
      starting_balance: '0.50000000',
      // 50000000 × 8% × 30 / 365 = 328767.1… → 328767, rounded down.
      closing_balance: '0.50328767',
      currency_code: 'BTC',
      days: 30,
      interest_rate: '8.00',
      status: 'ACTIVE',
      matured: false,
    });

    const early = await stakeAction(t, user, 'close', stake._id);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe('This stake has not matured yet');

    clock.advance(30 * DAY);
    const closed = await stakeAction(t, user, 'close', stake._id);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: true, message: 'Stake close Successfully!' });
    expect(closed.json().data.stake.status).toBe('PENDING');
    expect((await stakeAction(t, user, 'close', stake._id)).json().message).toBe(
      'This stake is no longer active',
    );

    expect(await redeemDueStakes(t.ctx, clock.now())).toBe(0);
    clock.advance(DAY);
    // The app's own scheduled job may get there first; either way the stake ends up paid once.
    await redeemDueStakes(t.ctx, clock.now());
    expect((await userStakes(t, user)).data[0]).toMatchObject({
      status: 'SUCCESS',
      closing_balance: '0.50328767',
    });
    // The interest 0.00328767 BTC at 60000 USD is 197.2602 → 197.26.
    expect(await coinBalance(t, user, 'BTC')).toEqual({
      balance: '1.00328767',
      locked: '0.00000000',
      interest_earned: '197.26',
    });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('Restake closes the matured stake and starts principal plus interest on the same terms', async () => {
    const user = await funded();
    await createStakeRequest(t, user, { stake_option_id: btc, starting_balance: '1', days: 120 });
    const [stake] = (await userStakes(t, user)).data;
    clock.advance(120 * DAY);
    const res = await stakeAction(t, user, 're-stake', stake._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, message: 'Restake  Successfully!' });
    // 1 BTC × 10% × 120 / 365 = 0.03287671 (rounded down)
    expect(res.json().data.stake).toMatchObject({
      status: 'ACTIVE',
      starting_balance: '1.03287671',
      days: 120,
      interest_rate: '10.00',
      matured: false,
    });
    const list = (await userStakes(t, user)).data;
    expect(list.map((s: { status: string }) => s.status).sort()).toEqual(['ACTIVE', 'CLOSED']);
    expect(await coinBalance(t, user, 'BTC')).toMatchObject({ balance: '0.00000000', locked: '1.03287671' });
    // The history explains the larger locked balance.
    const transactions = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/transactions',
      headers: (await fresh(t, user)).headers,
    });
    expect(transactions.json().data[0]).toMatchObject({
      operation: 'RESTAKE',
      operation_type: 'CRYPTO',
      from: { currency_code: 'BTC', amount: '1.03287671' },
      to: null,
      status: 'SUCCESS',
    });
    expect((await stakeAction(t, user, 're-stake', stake._id)).statusCode).toBe(409);
    expect((await userStakes(t, user, '?search=closed')).data).toHaveLength(1);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('pages the list and rejects a bad page', async () => {
    const user = await funded('2');
    for (let i = 0; i < 3; i++)
      await createStakeRequest(t, user, { stake_option_id: btc, starting_balance: '0.1', days: 60 });
    const page = await userStakes(t, user, '?page=2&limit=2');
    expect(page).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page.data).toHaveLength(1);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/stake/user/all?page=0',
      headers: user.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('an Idempotency-Key replays the first answer instead of staking twice', async () => {
    const user = await funded();
    const body = { stake_option_id: btc, starting_balance: '0.2', days: 90 };
    const first = await createStakeRequest(t, user, body, { 'idempotency-key': 'stake-1' });
    const second = await createStakeRequest(t, user, body, { 'idempotency-key': 'stake-1' });
    expect(second.json()).toEqual(first.json());
    expect((await userStakes(t, user)).total).toBe(1);
  });
});
