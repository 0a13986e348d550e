import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { fund, limitOrder, place } from './trading-test-helpers';

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createTestUser(t, { kyc: true });
  await fund(t, owner, 'USDT', '100000');
  // Five resting buys, oldest first: three on BTC-USDT, two on ETH-USDT; the last BTC one cancelled.
  for (const price of ['1000', '1100', '1200'])
    expect((await place(t, owner, limitOrder('buy', '0.01', price))).statusCode).toBe(200);
  for (const price of ['100', '110'])
    expect((await place(t, owner, limitOrder('buy', '0.1', price, 'ETH-USDT'))).statusCode).toBe(200);
  const btc = await history(owner, '?search=BTC&limit=1');
  const cancel = await t.app.inject({
    method: 'GET',
    url: `/api/v1/wallet/limitorder/market/cancle-open-order?market_id=BTC-USDT&order_id=${btc.json().data[0].id}`,
    headers: owner.headers,
  });
  expect(cancel.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

function history(user: TestUser | null, query = '') {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/wallet/limitorder/market/get-order-history${query}`,
    headers: user?.headers ?? {},
  });
}

const prices = (res: Awaited<ReturnType<typeof history>>) =>
  (res.json().data as { price: string }[]).map((o) => o.price);

describe('order history pages on the server', () => {
  it('without a query: every order, newest first, with the paging figures', async () => {
    const res = await history(owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 5, page: 1, limit: 500 });
    expect(prices(res)).toEqual(['110.00', '100.00', '1200.0', '1100.0', '1000.0']);
  });

  it('pages, filters by status and searches by market', async () => {
    const second = await history(owner, '?page=2&limit=2');
    expect(second.json()).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(prices(second)).toEqual(['1200.0', '1100.0']);
    // A page past the end is empty but still knows how many there are.
    expect((await history(owner, '?page=9&limit=2')).json()).toMatchObject({ data: [], total: 5, page: 9 });
    const cancelled = await history(owner, '?status=cancelled');
    expect(cancelled.json().total).toBe(1);
    expect(prices(cancelled)).toEqual(['1200.0']);
    const eth = await history(owner, '?search=eth&status=open');
    expect(eth.json().total).toBe(2);
    expect(prices(eth)).toEqual(['110.00', '100.00']);
    // A LIKE wildcard is searched for literally.
    expect((await history(owner, '?search=%25')).json().total).toBe(0);
  });

  it('status=closed: the filled and cancelled orders only, newest first, with their true total', async () => {
    const trader = await createTestUser(t, { kyc: true });
    const seller = await createTestUser(t, { kyc: true });
    await fund(t, trader, 'USDT', '10000');
    await fund(t, seller, 'BTC', '1');
    const buy = async (price: string) => {
      const res = await place(t, trader, limitOrder('buy', '0.01', price));
      expect(res.statusCode).toBe(200);
      return res.json().data.order.id as string;
    };
    const sellInto = async (price: string) =>
      expect((await place(t, seller, limitOrder('sell', '0.01', price))).statusCode).toBe(200);
    const cancel = async (id: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/wallet/limitorder/market/cancle-open-order?market_id=BTC-USDT&order_id=${id}`,
        headers: trader.headers,
      });
      expect(res.statusCode).toBe(200);
    };
    // Oldest first: cancelled, filled, open, filled, cancelled, open (the buys at 30,000 and up are the
    // best bids, so each sell fills the buy just placed).
    const first = await buy('1000');
    await buy('30000');
    await sellInto('30000');
    await buy('1100');
    await buy('30100');
    await sellInto('30100');
    const fifth = await buy('1200');
    await buy('900');
    await cancel(first);
    await cancel(fifth);

    const listed = (res: Awaited<ReturnType<typeof history>>) =>
      (res.json().data as { price: string; status: string }[]).map((o) => `${o.status} ${o.price}`);
    const page1 = await history(trader, '?status=closed&limit=2');
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({ total: 4, page: 1, limit: 2 });
    expect(listed(page1)).toEqual(['cancelled 1200.0', 'filled 30100.0']);
    const page2 = await history(trader, '?status=closed&limit=2&page=2');
    expect(page2.json()).toMatchObject({ total: 4, page: 2, limit: 2 });
    expect(listed(page2)).toEqual(['filled 30000.0', 'cancelled 1000.0']);
    // Past the end, the total still counts the closed orders only; the unfiltered total counts all six.
    expect((await history(trader, '?status=closed&limit=2&page=3')).json()).toMatchObject({
      data: [],
      total: 4,
    });
    expect((await history(trader, '?limit=2')).json().total).toBe(6);
    // With a search, closed orders of the markets that match.
    expect((await history(trader, '?status=closed&search=btc')).json().total).toBe(4);
    expect((await history(trader, '?status=closed&search=eth')).json()).toMatchObject({ data: [], total: 0 });
  });

  it.each(['?limit=0', '?limit=501', '?page=0', '?status=gone'])(
    'refuses %s with a 400 and a message',
    async (query) => {
      const res = await history(owner, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    },
  );

  it('anonymous: 401; another user, a user without KYC and an admin see only their own (none)', async () => {
    expect((await history(null)).statusCode).toBe(401);
    for (const other of [
      await createTestUser(t, { kyc: true }),
      await createTestUser(t, { kyc: false }),
      await createTestUser(t, { role: 'ADMIN', kyc: true }),
    ]) {
      const res = await history(other);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ data: [], total: 0 });
    }
  });
});

describe('the kept history counts', () => {
  it('match the rows after orders placed together, fills and a user with none', async () => {
    const buyers = await Promise.all(Array.from({ length: 6 }, () => createTestUser(t, { kyc: true })));
    const seller = await createTestUser(t, { kyc: true });
    const idle = await createTestUser(t, { kyc: true });
    for (const buyer of buyers) await fund(t, buyer, 'USDT', '2000');
    await fund(t, seller, 'BTC', '1');
    // Many users' orders in parallel land in one batch (one INSERT of orders, one of history rows).
    const answers = await Promise.all([
      ...buyers.flatMap((buyer) => [0, 1].map(() => place(t, buyer, limitOrder('buy', '0.001', '30000')))),
      place(t, seller, limitOrder('sell', '0.005', '30000')),
    ]);
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    const counted = await t.ctx.db.execute<{
      user_id: string;
      orders: number;
      kept: number;
      rows: number;
      kept_rows: number;
    }>(sql`
      SELECT u.id AS user_id,
             (SELECT count(*) FROM orders o WHERE o.user_id = u.id)::int AS orders,
             coalesce(c.orders, 0)::int AS kept,
             (SELECT count(*) FROM wallet_transactions w WHERE w.user_id = u.id)::int AS rows,
             coalesce(c.wallet_transactions, 0)::int AS kept_rows
        FROM users u LEFT JOIN user_history_counts c ON c.user_id = u.id`);
    for (const row of counted.rows) {
      expect(row.kept).toBe(row.orders);
      expect(row.kept_rows).toBe(row.rows);
    }
    const sellerRow = counted.rows.find((row) => row.user_id === seller.id)!;
    expect(sellerRow).toMatchObject({ orders: 1, rows: 5 });
    expect((await history(seller)).json().total).toBe(1);
    expect((await history(idle)).json()).toMatchObject({ total: 0, data: [] });
    const transactions = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/transactions?page=1&limit=2',
      headers: seller.headers,
    });
    expect(transactions.json().total).toBe(5);
  });
});
