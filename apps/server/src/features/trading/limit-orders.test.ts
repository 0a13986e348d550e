import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { balances, fund, limitOrder, place } from './trading-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function kycUser(): Promise<TestUser> {
  return createTestUser(t, { kyc: true });
}

async function openOrders(user: TestUser) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/wallet/limitorder/market/get-user-open-order',
    headers: user.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; status: string; open_quantity: string; filled_quantity: string }[];
}

describe('market rules, in the spec order', () => {
  it.each([
    [{ quantity: '' }, 'Please Enter Quantity'],
    [{ limitPrice: '' }, 'Please Enter Limit Price'],
    [{ quantity: '0.000001' }, 'Quantity should be greater than 0.000001'],
    [{ quantity: '99999999999999999' }, 'Quantity should be less than 9999999999999999'],
    [{ limitPrice: '0.01' }, 'Limit Price should be greater than 0.1'],
    [{ limitPrice: '99999999999999999' }, 'Limit Price should be less than 9999999999999999'],
    [{ quantity: '0.00001', limitPrice: '1' }, 'Minimum Cost must be Greater than 1'],
    [{ quantity: '0.0100015' }, 'Quantity can have at most 6 decimal places'],
  ])('%o is refused with "%s" and nothing is written', async (change, message) => {
    const user = await kycUser();
    await fund(t, user, 'USDT', '1000');
    const res = await place(t, user, { ...limitOrder('buy', '0.01', '50000'), ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
    expect(await openOrders(user)).toEqual([]);
  });

  it('refuses a buy the USDT balance cannot cover with Insufficient amount', async () => {
    const user = await kycUser();
    await fund(t, user, 'USDT', '10');
    const res = await place(t, user, limitOrder('buy', '0.01', '50000'));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Insufficient amount');
    expect((await balances(t, user)).USDT).toEqual({ balance: '10.00000000', locked: '0.00000000' });
  });
});

describe('limit orders', () => {
  it('a resting buy locks price x quantity plus 0.2%, shows in the open orders, and cancelling gives it back', async () => {
    const user = await kycUser();
    await fund(t, user, 'USDT', '1000');
    const res = await place(t, user, limitOrder('buy', '0.01', '50000'));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Order placed successfully');
    const usdt = res.json().data.wallet.currencies.find((c: { symbol: string }) => c.symbol === 'USDT');
    expect(usdt).toMatchObject({ balance: '499.00000000', locked: '501.00000000' });
    const [order] = await openOrders(user);
    expect(order).toMatchObject({ status: 'open', open_quantity: '0.010000', filled_quantity: '0.000000' });
    await expectLedgerConsistent(t.ctx.db);

    const cancel = await t.app.inject({
      method: 'GET',
      url: `/api/v1/wallet/limitorder/market/cancle-open-order?market_id=BTC-USDT&order_id=${order!.id}`,
      headers: user.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect((await balances(t, user)).USDT).toEqual({ balance: '1000.00000000', locked: '0.00000000' });
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/v1/wallet/limitorder/market/cancle-open-order?market_id=BTC-USDT&order_id=${order!.id}`,
      headers: user.headers,
    });
    expect(again.statusCode).toBe(409);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('a sell and a buy from two users cross at the maker price and settle with exact fees', async () => {
    const seller = await kycUser();
    const buyer = await kycUser();
    await fund(t, seller, 'BTC', '0.01');
    await fund(t, buyer, 'USDT', '1000');
    expect((await place(t, seller, limitOrder('sell', '0.01', '60000'))).statusCode).toBe(200);
    // The buyer bids higher; the trade happens at the resting seller's price.
    expect((await place(t, buyer, limitOrder('buy', '0.01', '61000'))).statusCode).toBe(200);
    const b = await balances(t, buyer);
    const s = await balances(t, seller);
    // 600 USDT plus the 0.2% taker fee 1.20; the 610 + 1.22 hold's rest is released.
    expect(b.USDT).toEqual({ balance: '398.80000000', locked: '0.00000000' });
    expect(b.BTC).toEqual({ balance: '0.01000000', locked: '0.00000000' });
    // 600 USDT less the 0.2% maker fee 1.20.
    expect(s.USDT).toEqual({ balance: '598.80000000', locked: '0.00000000' });
    expect(s.BTC).toEqual({ balance: '0.00000000', locked: '0.00000000' });
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/limitorder/market/get-order-history',
      headers: buyer.headers,
    });
    expect(history.json().data[0]).toMatchObject({
      status: 'filled',
      filled_quantity: '0.010000',
      filled_cost: '600.00000000',
      price: '61000.0',
    });
    const trades = await t.app.inject({ method: 'GET', url: '/api/v1/market/trades/BTC-USDT' });
    expect(trades.json().data[0]).toMatchObject({
      price: '60000.0',
      quantity: '0.010000',
      cost: '600.00000000',
      side: 'buy',
    });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('a partial fill then a cancel releases exactly what the rest still holds', async () => {
    const seller = await kycUser();
    const buyer = await kycUser();
    await fund(t, seller, 'ETH', '1');
    await fund(t, buyer, 'USDT', '1000');
    expect((await place(t, buyer, limitOrder('buy', '0.1', '3000', 'ETH-USDT'))).statusCode).toBe(200);
    expect((await place(t, seller, limitOrder('sell', '0.04', '2990', 'ETH-USDT'))).statusCode).toBe(200);
    // The buyer is the maker: 0.04 x 3000 = 120 + 0.24 fee.
    const [order] = await openOrders(buyer);
    expect(order).toMatchObject({ filled_quantity: '0.04000', open_quantity: '0.06000' });
    expect((await balances(t, buyer)).USDT).toEqual({ balance: '699.40000000', locked: '180.36000000' });
    const depth = await t.app.inject({ method: 'GET', url: '/api/v1/market/depth/ETH-USDT' });
    expect(depth.json().data.bids).toEqual([{ price: '3000.00', quantity: '0.06000' }]);
    const cancel = await t.app.inject({
      method: 'GET',
      url: `/api/v1/wallet/limitorder/market/cancle-open-order?market_id=ETH-USDT&order_id=${order!.id}`,
      headers: buyer.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect((await balances(t, buyer)).USDT).toEqual({ balance: '879.76000000', locked: '0.00000000' });
    expect((await balances(t, buyer)).ETH?.balance).toBe('0.04000000');
    expect((await balances(t, seller)).USDT?.balance).toBe('119.76000000');
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/limitorder/market/get-order-history',
      headers: buyer.headers,
    });
    expect(history.json().data[0]).toMatchObject({
      status: 'cancelled',
      cancelled_quantity: '0.06000',
      filled_quantity: '0.04000',
    });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('30 parallel buys from one user whose USDT covers 19 never overdraw, and locks equal the open orders', async () => {
    const user = await kycUser();
    await fund(t, user, 'USDT', '1000');
    const results = await Promise.all(
      Array.from({ length: 30 }, () => place(t, user, limitOrder('buy', '0.001', '50000', 'BTC-USDT'))),
    );
    const codes = results.map((r) => r.statusCode);
    // Each holds 50 + 0.10 = 50.10 USDT: 19 fit in 1000.
    expect(codes.filter((c) => c === 200)).toHaveLength(19);
    expect(codes.filter((c) => c === 422)).toHaveLength(11);
    expect(await openOrders(user)).toHaveLength(19);
    expect((await balances(t, user)).USDT).toEqual({ balance: '48.10000000', locked: '951.90000000' });
    await expectLedgerConsistent(t.ctx.db);
  });
});

describe('who may do what', () => {
  it('anonymous callers get 401 on every user endpoint; the market views are public', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/wallet/limitorder/market/get-order-history'],
      ['GET', '/api/v1/wallet/limitorder/market/get-user-open-order'],
      ['GET', '/api/v1/wallet/limitorder/market/cancle-open-order?market_id=BTC-USDT&order_id=x'],
      ['POST', '/api/v1/wallet/orders/getordersAndUpdateStatus'],
      ['POST', '/api/v1/wallet/limitorder/limitInstant/buy'],
      ['POST', '/api/v1/wallet/limitorder/limitInstant/sell'],
      ['POST', '/api/v1/wallet/quotes'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/market/depth/BTC-USDT' })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/market/trades/BTC-USDT' })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/market/depth/NOPE-USDT' })).statusCode).toBe(
      404,
    );
  });

  it('a user without KYC (an admin too) cannot place, quote or cancel, but can read lists', async () => {
    for (const user of [await createTestUser(t), await createTestUser(t, { role: 'ADMIN' })]) {
      const res = await place(t, user, limitOrder('buy', '0.01', '50000'));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Please Complete Your Kyc');
      const quote = await t.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/quotes',
        headers: user.headers,
        payload: { side: 'buy', crypto_currency_code: 'BTC', quantity: '1' },
      });
      expect(quote.statusCode).toBe(403);
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/v1/wallet/limitorder/market/get-order-history',
        headers: user.headers,
      });
      expect(list.statusCode).toBe(200);
    }
  });

  it("another user's order, an unknown id or the wrong market is a 404", async () => {
    const owner = await kycUser();
    const other = await kycUser();
    await fund(t, owner, 'USDT', '1000');
    await place(t, owner, limitOrder('buy', '0.01', '40000'));
    const [order] = await openOrders(owner);
    for (const [user, market, id] of [
      [other, 'BTC-USDT', order!.id],
      [owner, 'ETH-USDT', order!.id],
      [owner, 'BTC-USDT', '00000000-0000-0000-0000-000000000000'],
      [owner, 'BTC-USDT', 'not-a-uuid'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/wallet/limitorder/market/cancle-open-order?market_id=${market}&order_id=${id}`,
        headers: user.headers,
      });
      expect(res.statusCode).toBe(404);
    }
    expect(await openOrders(owner)).toHaveLength(1);
  });

  it('getordersAndUpdateStatus answers the wallet and the open orders', async () => {
    const user = await kycUser();
    await fund(t, user, 'USDT', '100');
    await place(t, user, limitOrder('buy', '0.001', '40000'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/orders/getordersAndUpdateStatus',
      headers: user.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(true);
    expect(res.json().data.open_orders).toHaveLength(1);
    expect(
      res.json().data.wallet.currencies.find((c: { symbol: string }) => c.symbol === 'USDT').locked,
    ).toBe('40.08000000');
  });
});
