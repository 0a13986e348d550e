import { messages } from '@exchange/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycRecords, stakeOptions, stakes, supportTickets, users, walletTransactions } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';

const clock = new ManualClock(new Date('2026-11-23T12:00:00Z'));
let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let verified: TestUser;
/** 27 customers with one transaction and one stake each, so every list has three pages. */
const crowd: TestUser[] = [];

const post = (url: string, user: TestUser | null, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: user?.headers ?? {}, payload });

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createTestUser(t, { role: 'ADMIN', name: 'Ada Admin' });
  customer = await createTestUser(t, { name: 'Carl Customer' });
  verified = await createTestUser(t, { kyc: true, name: 'Vera Verified' });
  const [btc] = await t.ctx.db.select().from(stakeOptions).where(eq(stakeOptions.asset, 'BTC'));
  const [usdt] = await t.ctx.db.select().from(stakeOptions).where(eq(stakeOptions.asset, 'USDT'));
  for (let i = 0; i < 27; i += 1) {
    const user = await createTestUser(t, { kyc: true, name: `Crowd Member ${String(i).padStart(2, '0')}` });
    crowd.push(user);
    // One a day, newest last: member 26 on Nov 23, member 0 on Oct 28.
    const at = new Date(Date.UTC(2026, 10, 23 - (26 - i), 8));
    await t.ctx.db.insert(walletTransactions).values({
      userId: user.id,
      operationType: i % 3 === 0 ? 'CRYPTO_TO_CRYPTO' : 'FIAT_TO_CRYPTO',
      operation: i % 3 === 0 ? 'SWAP' : 'BUY',
      fromAsset: 'USD',
      fromAmount: String(1000 + i),
      toAsset: 'BTC',
      toAmount: '12345',
      status: i === 25 ? 'PENDING' : 'SUCCESS',
      reference: `test:${i}`,
      createdAt: at,
    });
    // A large USDT stake is worth less than a small BTC one at the test prices (BTC 60,000 USD).
    const option = i % 2 === 0 ? btc! : usdt!;
    const [stake] = await t.ctx.db
      .insert(stakes)
      .values({
        userId: user.id,
        optionId: option.id,
        asset: option.asset,
        principal: option.asset === 'BTC' ? String(1_000_000 * (i + 1)) : String(100_000_000 * (i + 1)),
        apyBps: 800,
        days: 30,
        startDate: at,
        endDate: new Date(at.getTime() + 30 * 86_400_000),
        status: i === 0 ? 'SUCCESS' : 'ACTIVE',
        createdAt: at,
      })
      .returning();
    await t.ctx.db.insert(walletTransactions).values({
      userId: user.id,
      operationType: 'CRYPTO',
      operation: 'STAKE',
      fromAsset: option.asset,
      fromAmount: stake!.principal,
      status: 'SUCCESS',
      reference: `stake:create:${stake!.id}`,
      createdAt: at,
    });
  }
});
afterAll(async () => t.close());

const routes: ReadonlyArray<[string, object | undefined]> = [
  ['/admin/admin-dashboard', undefined],
  ['/admin/admin-graph', undefined],
  ['/admin/get-all-transaction', { page: 1, limit: 10, search: '', orderBy: '' }],
  ['/admin/get-all-stake', { page: '', limit: '', search: '', orderBy: '' }],
  ['/admin/top-staking', undefined],
  ['/admin/solvency', undefined],
];

describe('the operations routes are for admins only', () => {
  it.each(routes)(
    '%s: anonymous 401, customers 403, a disabled admin 401, an admin 200',
    async (url, body) => {
      expect((await post(url, null, body)).statusCode).toBe(401);
      expect((await post(url, customer, body)).statusCode).toBe(403);
      expect((await post(url, verified, body)).statusCode).toBe(403);
      const disabled = await createTestUser(t, { role: 'ADMIN' });
      await t.ctx.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, disabled.id));
      expect((await post(url, disabled, body)).statusCode).toBe(401);
      const ok = await post(url, admin, body);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ status: true });
    },
  );
});

describe('every transaction', () => {
  it('pages 10 at a time on the server, newest first, with the user on each row', async () => {
    const first = (await post('/admin/get-all-transaction', admin, { search: '' })).json().data;
    expect(first).toMatchObject({ total: 54, page: 1, limit: 10 });
    expect(first.content).toHaveLength(10);
    expect(first.content[0]).toMatchObject({
      name: 'Crowd Member 26',
      user_id: { _id: crowd[26]!.id, name: 'Crowd Member 26' },
      email: crowd[26]!.email,
      country_code: '1',
      mobile_no: '5550100',
      profile_pic: '',
    });
    const last = (await post('/admin/get-all-transaction', admin, { page: 6 })).json().data;
    expect(last.content).toHaveLength(4);
    const oldest = (await post('/admin/get-all-transaction', admin, { orderBy: 'asc', limit: 1 })).json()
      .data;
    expect(oldest.content[0].name).toBe('Crowd Member 00');
  });

  it('searches name, e-mail, phone and operation on the server; a wildcard is literal', async () => {
    const byName = (await post('/admin/get-all-transaction', admin, { search: 'member 07' })).json().data;
    expect(byName.total).toBe(2);
    const byEmail = (await post('/admin/get-all-transaction', admin, { search: crowd[3]!.email })).json()
      .data;
    expect(byEmail.content.every((row: { email: string }) => row.email === crowd[3]!.email)).toBe(true);
    const byPhone = (await post('/admin/get-all-transaction', admin, { search: '15550100' })).json().data;
    expect(byPhone.total).toBe(54);
    const swaps = (await post('/admin/get-all-transaction', admin, { search: 'swap' })).json().data;
    expect(swaps.total).toBe(9);
    expect((await post('/admin/get-all-transaction', admin, { search: '%' })).json().data.total).toBe(0);
  });

  it('refuses a malformed query with 400', async () => {
    const res = await post('/admin/get-all-transaction', admin, { page: 0 });
    expect(res.statusCode).toBe(400);
    expect((await post('/admin/get-all-transaction', admin, { orderBy: 'name' })).statusCode).toBe(400);
  });
});

describe('every stake', () => {
  it('pages and searches on the server, with the opening transaction id', async () => {
    const page3 = (await post('/admin/get-all-stake', admin, { page: 3, limit: 10 })).json().data;
    expect(page3).toMatchObject({ total: 27, page: 3 });
    expect(page3.content).toHaveLength(7);
    const found = (await post('/admin/get-all-stake', admin, { search: 'Member 04' })).json().data;
    expect(found.total).toBe(1);
    expect(found.content[0]).toMatchObject({
      user: crowd[4]!.id,
      userdata: { name: 'Crowd Member 04' },
      currency_code: 'BTC',
      starting_balance: '0.05000000',
      days: 30,
      interest_rate: '8.00',
      status: 'ACTIVE',
      transactiondata: { _id: expect.any(String) },
    });
    const usdt = (await post('/admin/get-all-stake', admin, { search: 'usdt' })).json().data;
    expect(usdt.total).toBe(13);
  });

  it('ranks the top stakes by USD value across coins, running ones only', async () => {
    const top = (await post('/admin/top-staking', admin)).json().data;
    expect(top).toHaveLength(10);
    // Member 26 staked 0.27 BTC (16,200 USD); member 25 staked 2,600 USDT.
    expect(top[0]).toMatchObject({
      userdata: { name: 'Crowd Member 26' },
      currency_code: 'BTC',
      value_usd: '16200.00',
    });
    const values = top.map((row: { value_usd: string }) => Number(row.value_usd));
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    expect(top.some((row: { status: string }) => row.status === 'SUCCESS')).toBe(false);
  });
});

describe('the dashboard', () => {
  it('counts users, KYC, transactions, swaps and stakes and lists the latest of each', async () => {
    const [kycUser] = crowd;
    await t.ctx.db.insert(kycRecords).values({
      userId: kycUser!.id,
      firstName: 'Crowd',
      lastName: 'Zero',
      mobileNo: '5550100',
      countryCode: '1',
      dob: '1990-01-01',
      city: 'Town',
      state: 'State',
      country: 'Country',
      documents: [],
    });
    await t.ctx.db
      .insert(supportTickets)
      .values({ userId: kycUser!.id, subject: 'Help', description: 'Please' });
    const res = await post('/admin/admin-dashboard', admin);
    expect(res.json().message).toBe(messages.adminDashboardLoaded);
    const data = res.json().data;
    expect(data).toMatchObject({
      totalKycCount: 1,
      totalApprovedKycCount: 0,
      totalPendingKycCount: 1,
      totalTransactionCount: 54,
      totalSuccessTransactionCount: 53,
      totalPendingTransactionCount: 1,
      Totalbuysellcount: 18,
      TotalSwapcount: 9,
      totalStakeCount: 27,
      totalActiveStakeCount: 26,
    });
    expect(data.totalUserCount).toBeGreaterThanOrEqual(29);
    expect(data.letestTransaction).toHaveLength(5);
    expect(data.letestTransaction[0].name).toBe('Crowd Member 26');
    expect(data.letestPEndingTransaction.map((row: { name: string }) => row.name)).toEqual([
      'Crowd Member 25',
    ]);
    expect(data.letestKyc[0]).toMatchObject({ first_name: 'Crowd', userdata: { email: kycUser!.email } });
    expect(data.letestPendingSupport[0]).toMatchObject({ subject: 'Help', status: 'PENDING' });
  });

  it('charts three months of buy and sell, swap and stake activity by day bucket', async () => {
    const data = (await post('/admin/admin-graph', admin)).json().data;
    // Members 0..26 fall on Oct 28 .. Nov 23: Oct 28-31 are members 0-3, Nov 1-10 are 4-13,
    // Nov 11-20 are 14-23, Nov 21-23 are 24-26. Every third member (0, 3, 6, ...) swapped.
    expect(data).toMatchObject({
      currentMonth: 'November 2026',
      previousMonth: 'October 2026',
      secondOldMonth: 'September 2026',
      stake: { currentMonth: [10, 10, 3], previousMonth: [0, 0, 4], secondOldMonth: [0, 0, 0] },
      swap: { currentMonth: [3, 3, 1], previousMonth: [0, 0, 2], secondOldMonth: [0, 0, 0] },
      buysell: { currentMonth: [7, 7, 2], previousMonth: [0, 0, 2], secondOldMonth: [0, 0, 0] },
    });
  });

  it("counts a limit order's fills as a buy and a sell, not as swaps (they are CRYPTO_TO_CRYPTO too)", async () => {
    const [buyer, seller] = crowd;
    const fill = {
      fromAmount: '6000000',
      toAmount: '10000',
      status: 'SUCCESS' as const,
      createdAt: clock.now(),
    };
    await t.ctx.db.insert(walletTransactions).values([
      {
        ...fill,
        userId: buyer!.id,
        operationType: 'CRYPTO_TO_CRYPTO',
        operation: 'LIMIT_BUY',
        fromAsset: 'USDT',
        toAsset: 'BTC',
        reference: 'test:fill:buy',
      },
      {
        ...fill,
        userId: seller!.id,
        operationType: 'CRYPTO_TO_CRYPTO',
        operation: 'LIMIT_SELL',
        fromAsset: 'BTC',
        toAsset: 'USDT',
        reference: 'test:fill:sell',
      },
    ]);
    const counts = (await post('/admin/admin-dashboard', admin)).json().data;
    expect(counts).toMatchObject({ Totalbuysellcount: 20, TotalSwapcount: 9 });
    // Nov 23 is in the current month's last bucket (after the 20th).
    const graph = (await post('/admin/admin-graph', admin)).json().data;
    expect(graph.buysell.currentMonth).toEqual([7, 7, 4]);
    expect(graph.swap.currentMonth).toEqual([3, 3, 1]);
  });
});
