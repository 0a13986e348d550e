import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { balances, fund, holdLoop, limitOrder, place, untilWaiting } from './trading-test-helpers';

/**
 * Stop-limit orders and OCO pairs through the web API (issue 48), on real PostgreSQL: placement and
 * its refusals, a trade that triggers a stop in the same batch, both legs of an OCO due in one batch,
 * cancelling a pair, and stops that survive a restart. Each ends with the ledger check.
 */
describe('stop-limit and OCO orders', () => {
  let t: TestApp;
  let owner: TestUser;
  let maker: TestUser;
  let taker: TestUser;

  const oco = (user: TestUser, side: 'buy' | 'sell', body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/wallet/limitorder/oco/${side}`,
      headers: user.headers,
      payload: body,
    });
  const openOrders = async (user: TestUser) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/wallet/limitorder/market/get-user-open-order',
        headers: user.headers,
      })
    ).json().data as {
      id: string;
      status: string;
      triggered_at: string | null;
      order_list_id: string | null;
    }[];
  const history = async (user: TestUser) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/wallet/limitorder/market/get-order-history',
        headers: user.headers,
      })
    ).json().data as { id: string; status: string; filled_quantity: string; triggered_at: string | null }[];
  const orderOf = async (user: TestUser, id: string) => (await history(user)).find((o) => o.id === id);
  /** One trade at `price` between maker (sell) and taker (buy), setting the market's last price. */
  const trade = async (market: string, quantity: string, price: string) => {
    expect((await place(t, maker, limitOrder('sell', quantity, price, market))).statusCode).toBe(200);
    const hit = await place(t, taker, limitOrder('buy', quantity, price, market));
    expect(hit.json().data.order.status).toBe('filled');
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createTestUser(t, { kyc: true });
    maker = await createTestUser(t, { kyc: true });
    taker = await createTestUser(t, { kyc: true });
    for (const coin of ['BTC', 'ETH', 'BNB'] as const) {
      await fund(t, owner, coin, '10');
      await fund(t, maker, coin, '10');
    }
    await fund(t, owner, 'USDT', '100000');
    await fund(t, taker, 'USDT', '1000000');
    await fund(t, maker, 'USDT', '1000000');
    await trade('BTC-USDT', '0.01', '60000');
    await trade('ETH-USDT', '0.1', '3000');
    await trade('BNB-USDT', '1', '500');
  });
  afterAll(async () => t?.close());

  it('refuses a stop without its kind, a kind without a stop, and a stop that would trigger at once', async () => {
    const base = limitOrder('sell', '0.01', '59000');
    const noKind = await place(t, owner, { ...base, stop_price: '59500' });
    expect(noKind.statusCode).toBe(422);
    expect(noKind.json().message).toBe(
      'Please choose the stop kind (stop loss or take profit) for a stop price',
    );
    expect((await place(t, owner, { ...base, stop_kind: 'stop_loss' })).json().message).toBe(
      'A stop kind needs a stop price',
    );
    const now = await place(t, owner, { ...base, stop_price: '60000', stop_kind: 'stop_loss' });
    expect(now.statusCode).toBe(422);
    expect(now.json().message).toBe('Stop price would trigger immediately.');
    expect((await place(t, owner, { ...base, stop_price: 'x', stop_kind: 'stop_loss' })).statusCode).toBe(
      422,
    );
    expect((await place(t, owner, { ...base, stop_price: '59500', stop_kind: 'stop' })).statusCode).toBe(400);
    expect((await balances(t, owner)).BTC?.locked).toBe('0.00000000');
    await expectLedgerConsistent(t.ctx.db);
  });

  it('holds a stop-limit from placement, and a trade reaching it triggers and fills it in the same batch', async () => {
    const placed = await place(t, owner, {
      ...limitOrder('sell', '0.01', '59000'),
      stop_price: '59500',
      stop_kind: 'stop_loss',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const stop = placed.json().data.order;
    expect(stop).toMatchObject({
      status: 'open',
      stop_price: '59500.0',
      stop_kind: 'stop_loss',
      triggered_at: null,
    });
    expect((await balances(t, owner)).BTC?.locked).toBe('0.01000000');
    // Off the book: the depth shows no ask of it.
    const depth = await t.app.inject({ method: 'GET', url: '/api/v1/market/depth/BTC-USDT' });
    expect(depth.json().data.asks).toEqual([]);
    // A bid at 59 000 waits; a sell at 59 500 trades with a bid there, which triggers the stop, and
    // the stop then sells to the 59 000 bid, all in the one command.
    expect((await place(t, taker, limitOrder('buy', '0.01', '59000'))).statusCode).toBe(200);
    expect((await place(t, taker, limitOrder('buy', '0.001', '59500'))).statusCode).toBe(200);
    const { release, busy } = holdLoop(t, 'BTC-USDT');
    const hit = place(t, maker, limitOrder('sell', '0.001', '59500'));
    await untilWaiting(t, 'BTC-USDT', 1);
    release();
    await busy;
    expect((await hit).json().data.order.status).toBe('filled');
    const after = await orderOf(owner, stop.id);
    expect(after).toMatchObject({ status: 'filled', filled_quantity: '0.010000' });
    expect(after?.triggered_at).not.toBeNull();
    expect((await balances(t, owner)).BTC?.locked).toBe('0.00000000');
    await expectLedgerConsistent(t.ctx.db);
  });

  it('places a sell OCO holding once; a partial fill of the limit leg cancels the stop leg', async () => {
    const before = await balances(t, owner);
    const res = await oco(owner, 'sell', {
      market_id: 'ETH-USDT',
      quantity: '0.2',
      price: '3100',
      stop_price: 2900,
      stop_limit_price: '2890',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { order_list_id: listId, orders } = res.json().data;
    expect(orders).toHaveLength(2);
    expect(orders.map((o: { order_list_id: string }) => o.order_list_id)).toEqual([listId, listId]);
    expect(orders[1]).toMatchObject({ stop_price: '2900.00', stop_kind: 'stop_loss', triggered_at: null });
    const locked = (await balances(t, owner)).ETH?.locked;
    expect(Number(locked) - Number(before.ETH?.locked)).toBeCloseTo(0.2, 8);
    expect((await place(t, taker, limitOrder('buy', '0.05', '3100', 'ETH-USDT'))).statusCode).toBe(200);
    expect(await orderOf(owner, orders[0].id)).toMatchObject({ status: 'open', filled_quantity: '0.05000' });
    expect(await orderOf(owner, orders[1].id)).toMatchObject({ status: 'cancelled', triggered_at: null });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('a triggered stop leg cancels the limit leg and takes over its hold', async () => {
    const res = await oco(owner, 'sell', {
      market_id: 'ETH-USDT',
      quantity: '0.1',
      price: '3200',
      stop_price: '2950',
      stop_limit_price: '2940',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [limitLeg, stopLeg] = res.json().data.orders;
    expect((await place(t, taker, limitOrder('buy', '0.01', '2950', 'ETH-USDT'))).statusCode).toBe(200);
    expect((await place(t, maker, limitOrder('sell', '0.01', '2950', 'ETH-USDT'))).statusCode).toBe(200);
    expect(await orderOf(owner, limitLeg.id)).toMatchObject({ status: 'cancelled' });
    const stop = (await openOrders(owner)).find((o) => o.id === stopLeg.id);
    expect(stop?.status).toBe('open');
    expect(stop?.triggered_at).not.toBeNull();
    await expectLedgerConsistent(t.ctx.db);
  });

  it('an OCO whose both legs become due in one batch: the first command wins, the other leg is cancelled', async () => {
    const res = await oco(owner, 'buy', {
      market_id: 'BNB-USDT',
      quantity: '1',
      price: '490',
      stop_price: '510',
      stop_limit_price: '515',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [limitLeg, stopLeg] = res.json().data.orders;
    expect((await place(t, maker, limitOrder('sell', '0.1', '510', 'BNB-USDT'))).statusCode).toBe(200);
    const { release, busy } = holdLoop(t, 'BNB-USDT');
    // First a sell at 490 that fills the limit leg, then a buy at 510 (the ask there) that would
    // trigger the stop leg: both in one batch.
    const fill = place(t, maker, limitOrder('sell', '1', '490', 'BNB-USDT'));
    await untilWaiting(t, 'BNB-USDT', 1);
    const rise = place(t, taker, limitOrder('buy', '0.1', '510', 'BNB-USDT'));
    await untilWaiting(t, 'BNB-USDT', 2);
    release();
    await busy;
    await Promise.all([fill, rise]);
    expect(await orderOf(owner, limitLeg.id)).toMatchObject({ status: 'filled' });
    expect(await orderOf(owner, stopLeg.id)).toMatchObject({ status: 'cancelled', triggered_at: null });
    expect((await balances(t, owner)).USDT?.locked).toBe('0.00000000');
    await expectLedgerConsistent(t.ctx.db);
  });

  it('cancelling one leg cancels the pair and gives the hold back', async () => {
    const before = await balances(t, owner);
    const res = await oco(owner, 'sell', {
      market_id: 'BNB-USDT',
      quantity: '1',
      price: '600',
      stop_price: '400',
      stop_limit_price: '399',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [, stopLeg] = res.json().data.orders;
    const cancel = await t.app.inject({
      method: 'GET',
      url: `/api/v1/wallet/limitorder/market/cancle-open-order?market_id=BNB-USDT&order_id=${stopLeg.id}`,
      headers: owner.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(
      (await openOrders(owner)).filter((o) => o.order_list_id === res.json().data.order_list_id),
    ).toEqual([]);
    expect((await balances(t, owner)).BNB).toEqual(before.BNB);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('refuses the OCO route to the anonymous, a user without KYC and an admin, and bad input', async () => {
    const body = {
      market_id: 'BNB-USDT',
      quantity: '1',
      price: '600',
      stop_price: '400',
      stop_limit_price: '399',
    };
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/limitorder/oco/sell',
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await oco(await createTestUser(t), 'sell', body)).statusCode).toBe(403);
    expect((await oco(await createTestUser(t, { role: 'ADMIN' }), 'sell', body)).statusCode).toBe(403);
    expect((await oco(owner, 'sell', { ...body, quantity: [] })).statusCode).toBe(400);
    expect((await oco(owner, 'sell', { ...body, price: '450' })).statusCode).toBe(422);
    // Another user's leg is unknown to them.
    const mine = await oco(owner, 'sell', body);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/v1/wallet/limitorder/market/cancle-open-order?market_id=BNB-USDT&order_id=${mine.json().data.orders[1].id}`,
      headers: taker.headers,
    });
    expect(other.statusCode).toBe(404);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('stops survive a restart: the rebuilt market triggers them', async () => {
    const placed = await place(t, owner, {
      ...limitOrder('buy', '0.01', '61000'),
      stop_price: '60500',
      stop_kind: 'stop_loss',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    t.trading.engine.forgetBooks();
    expect((await place(t, maker, limitOrder('sell', '0.02', '60500'))).statusCode).toBe(200);
    const hit = await place(t, taker, limitOrder('buy', '0.001', '60500'));
    expect(hit.json().data.order.status).toBe('filled');
    const after = await orderOf(owner, placed.json().data.order.id);
    expect(after).toMatchObject({ status: 'filled', filled_quantity: '0.010000' });
    await expectLedgerConsistent(t.ctx.db);
  });
});
