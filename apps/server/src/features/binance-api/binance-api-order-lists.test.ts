import { Spot } from '@binance/connector';
import { BINANCE_PARAM_NAMES, ORDER_LIST_PARAM_NAMES } from '@exchange/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { balances, fund } from '../trading/trading-test-helpers';
import { binanceClient, createKey, listen, signedFetch, type TestKey } from './binance-api-test-helpers';

/** A connector call's refusal: its status and Binance's body. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; data: unknown }> {
  try {
    await call;
  } catch (error) {
    const response = (error as { response?: { status: number; data: unknown } }).response;
    if (response) return response;
    throw error;
  }
  throw new Error('the call was not refused');
}

/** A SELL OCO in the current form: take profit at 61 000, stop at 59 500 selling down to 59 000. */
const SELL_OCO = {
  abovePrice: '61000',
  belowStopPrice: '59500',
  belowPrice: '59000',
  belowTimeInForce: 'GTC',
};

/**
 * Binance's OCO order-list endpoints (issue 48) driven by Binance's own JS connector, unmodified, and
 * by ccxt's binance class through its implicit order-list calls (it has no unified OCO call):
 * placing in the current and the legacy form, reading one list, all and the open ones, cancelling
 * both legs at once, a fill of one leg cancelling the other, and a trade triggering the stop leg.
 */
describe('OCO order lists through /api/v3', () => {
  let t: TestApp;
  let base: string;
  let seller: TestUser;
  let buyer: TestUser;
  let sellerKey: TestKey;
  let buyerKey: TestKey;
  let sellBot: Spot;
  let buyBot: Spot;

  beforeAll(async () => {
    t = await createTestApp({
      env: { BINANCE_API_WEIGHT_PER_MINUTE_ADDRESS: '1000000', BINANCE_API_WEIGHT_PER_MINUTE_KEY: '1000000' },
    });
    base = await listen(t);
    seller = await createTestUser(t, { kyc: true });
    buyer = await createTestUser(t, { kyc: true });
    await fund(t, seller, 'BTC', '1');
    await fund(t, buyer, 'USDT', '100000');
    sellerKey = await createKey(t, seller);
    buyerKey = await createKey(t, buyer);
    sellBot = new Spot(sellerKey.apiKey, sellerKey.secret, { baseURL: base });
    buyBot = new Spot(buyerKey.apiKey, buyerKey.secret, { baseURL: base });
    // The last price: one trade at 60 000.
    const limit = { timeInForce: 'GTC', quantity: '0.01', price: '60000' };
    await sellBot.newOrder('BTCUSDT', 'SELL', 'LIMIT', limit);
    await buyBot.newOrder('BTCUSDT', 'BUY', 'LIMIT', limit);
  });
  afterAll(async () => t?.close());

  it('places an OCO, reads it three ways with orderListId on its orders, and cancels both legs at once', async () => {
    const placed = (
      await sellBot.newOCOOrder('BTCUSDT', 'SELL', 0.01, 'LIMIT_MAKER', 'STOP_LOSS_LIMIT', {
        ...SELL_OCO,
        listClientOrderId: 'oco-1',
        aboveClientOrderId: 'oco-1-tp',
      })
    ).data;
    expect(placed).toMatchObject({
      contingencyType: 'OCO',
      listStatusType: 'EXEC_STARTED',
      listOrderStatus: 'EXECUTING',
      listClientOrderId: 'oco-1',
      symbol: 'BTCUSDT',
    });
    const listId = placed.orderListId as string;
    expect(placed.orders).toHaveLength(2);
    expect(placed.orderReports).toMatchObject([
      { type: 'STOP_LOSS_LIMIT', stopPrice: '59500.0', price: '59000.0', status: 'NEW', orderListId: listId },
      {
        type: 'LIMIT_MAKER',
        price: '61000.0',
        clientOrderId: 'oco-1-tp',
        status: 'NEW',
        orderListId: listId,
      },
    ]);
    // Held once, for the quantity both legs would sell.
    expect((await balances(t, seller)).BTC?.locked).toBe('0.01000000');

    const byId = (await sellBot.getOCOOrder({ orderListId: listId })).data;
    const byClientId = (await sellBot.getOCOOrder({ origClientOrderId: 'oco-1' })).data;
    expect(byClientId).toEqual(byId);
    expect(byId).toMatchObject({ orderListId: listId, listOrderStatus: 'EXECUTING', orders: placed.orders });
    expect(
      (await sellBot.getOpenOCOOrders()).data.map((l: { orderListId: string }) => l.orderListId),
    ).toEqual([listId]);
    const open = (await sellBot.openOrders({ symbol: 'BTCUSDT' })).data;
    expect(open.map((o: { orderListId: string }) => o.orderListId)).toEqual([listId, listId]);

    const cancelled = (await sellBot.cancelOCOOrder('BTCUSDT', { orderListId: listId })).data;
    expect(cancelled).toMatchObject({
      orderListId: listId,
      listStatusType: 'ALL_DONE',
      listOrderStatus: 'ALL_DONE',
    });
    expect(cancelled.orderReports.map((o: { status: string }) => o.status)).toEqual(['CANCELED', 'CANCELED']);
    expect((await balances(t, seller)).BTC?.locked).toBe('0.00000000');
    expect((await sellBot.getOpenOCOOrders()).data).toEqual([]);
    const all = (await sellBot.getOCOOrders()).data;
    expect(all).toMatchObject([{ orderListId: listId, listOrderStatus: 'ALL_DONE' }]);
    // Cancelling it again: nothing open is left.
    expect(await refusal(sellBot.cancelOCOOrder('BTCUSDT', { listClientOrderId: 'oco-1' }))).toMatchObject({
      status: 400,
      data: { code: -2011 },
    });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('the legacy /order/oco: a buy filling the limit leg cancels the stop leg', async () => {
    const placed = await signedFetch(base, sellerKey, 'POST', '/order/oco', {
      symbol: 'BTCUSDT',
      side: 'SELL',
      quantity: '0.01',
      price: '61000',
      stopPrice: '59500',
      stopLimitPrice: '59000',
      stopLimitTimeInForce: 'GTC',
      limitClientOrderId: 'legacy-tp',
      stopClientOrderId: 'legacy-sl',
    });
    expect(placed.status).toBe(200);
    const listId = placed.body.orderListId as string;
    expect(placed.body.orders).toMatchObject([
      { clientOrderId: 'legacy-sl' },
      { clientOrderId: 'legacy-tp' },
    ]);
    await buyBot.newOrder('BTCUSDT', 'BUY', 'LIMIT', {
      timeInForce: 'GTC',
      quantity: '0.01',
      price: '61000',
    });
    const list = (await sellBot.getOCOOrder({ orderListId: listId })).data;
    expect(list).toMatchObject({ listStatusType: 'ALL_DONE', listOrderStatus: 'ALL_DONE' });
    const legs = await Promise.all(
      list.orders.map(
        async (o: { orderId: string }) =>
          (await sellBot.getOrder('BTCUSDT', { orderId: o.orderId })).data as {
            status: string;
            type: string;
          },
      ),
    );
    expect(legs.map((o) => [o.type, o.status])).toEqual([
      ['STOP_LOSS_LIMIT', 'CANCELED'],
      ['LIMIT_MAKER', 'FILLED'],
    ]);
    expect((await balances(t, seller)).BTC?.locked).toBe('0.00000000');
    await expectLedgerConsistent(t.ctx.db);
  });

  it('a trade at the stop triggers the stop leg, which fills, and the limit leg is cancelled', async () => {
    // The last price is 61 000 now: a SELL OCO with its take profit at 62 000 and its stop at 60 500.
    const placed = (
      await sellBot.newOCOOrder('BTCUSDT', 'SELL', '0.01', 'LIMIT_MAKER', 'STOP_LOSS_LIMIT', {
        abovePrice: '62000',
        belowStopPrice: '60500',
        belowPrice: '60000',
        belowTimeInForce: 'GTC',
      })
    ).data;
    // Bids at 60 000 and 60 500; a sell at 60 500 trades there, which triggers the stop into the 60 000 bid.
    await buyBot.newOrder('BTCUSDT', 'BUY', 'LIMIT', {
      timeInForce: 'GTC',
      quantity: '0.01',
      price: '60000',
    });
    await buyBot.newOrder('BTCUSDT', 'BUY', 'LIMIT', {
      timeInForce: 'GTC',
      quantity: '0.001',
      price: '60500',
    });
    await sellBot.newOrder('BTCUSDT', 'SELL', 'LIMIT', {
      timeInForce: 'GTC',
      quantity: '0.001',
      price: '60500',
    });
    const list = (await sellBot.getOCOOrder({ orderListId: placed.orderListId })).data;
    expect(list.listOrderStatus).toBe('ALL_DONE');
    const [stop, limit] = await Promise.all(
      list.orders.map(
        async (o: { orderId: string }) => (await sellBot.getOrder('BTCUSDT', { orderId: o.orderId })).data,
      ),
    );
    expect(stop).toMatchObject({ type: 'STOP_LOSS_LIMIT', status: 'FILLED', executedQty: '0.010000' });
    expect(limit).toMatchObject({ type: 'LIMIT_MAKER', status: 'CANCELED' });
    // The stop leg's fill carries its list's id on myTrades, as Binance's does; a plain order's says -1.
    const own = await signedFetch(base, sellerKey, 'GET', '/myTrades', {
      symbol: 'BTCUSDT',
      orderId: stop.orderId,
    });
    const fills = own.body as unknown as { orderListId: string | number }[];
    expect(fills.length).toBeGreaterThan(0);
    expect(fills.every((fill) => fill.orderListId === placed.orderListId)).toBe(true);
    // The seller's first fill was the plain limit order that set the opening price: in no list.
    const every = await signedFetch(base, sellerKey, 'GET', '/myTrades', { symbol: 'BTCUSDT' });
    const [first] = every.body as unknown as { orderListId: string | number }[];
    expect(first?.orderListId).toBe(-1);
    expect((await balances(t, seller)).BTC?.locked).toBe('0.00000000');
    await expectLedgerConsistent(t.ctx.db);
  });

  it("refuses with Binance's codes, 4xx and nothing held", async () => {
    const oco = (aboveType: string, belowType: string, options: Record<string, string>) =>
      refusal(sellBot.newOCOOrder('BTCUSDT', 'SELL', '0.01', aboveType, belowType, options));
    // Combinations our engine does not place: -1014.
    expect(await oco('TAKE_PROFIT_LIMIT', 'STOP_LOSS_LIMIT', SELL_OCO)).toMatchObject({
      status: 400,
      data: { code: -1014, msg: 'Unsupported order combination.' },
    });
    expect(await oco('STOP_LOSS_LIMIT', 'LIMIT_MAKER', SELL_OCO)).toMatchObject({ data: { code: -1014 } });
    expect(await oco('LIMIT', 'STOP_LOSS_LIMIT', SELL_OCO)).toMatchObject({
      status: 400,
      data: { code: -1116 },
    });
    const { belowTimeInForce: _, ...noTif } = SELL_OCO;
    expect(await oco('LIMIT_MAKER', 'STOP_LOSS_LIMIT', noTif)).toMatchObject({
      data: { code: -1102, msg: expect.stringContaining("'belowTimeInForce'") },
    });
    expect(
      await oco('LIMIT_MAKER', 'STOP_LOSS_LIMIT', { ...SELL_OCO, aboveTimeInForce: 'GTC' }),
    ).toMatchObject({ data: { code: -1106 } });
    expect(
      await oco('LIMIT_MAKER', 'STOP_LOSS_LIMIT', { ...SELL_OCO, belowTimeInForce: 'DAY' }),
    ).toMatchObject({
      data: { code: -1115 },
    });
    expect(
      await oco('LIMIT_MAKER', 'STOP_LOSS_LIMIT', { ...SELL_OCO, abovePrice: '61000.05' }),
    ).toMatchObject({
      data: { code: -1013, msg: 'Filter failure: PRICE_FILTER' },
    });
    // The take profit below the last price (60 000 now, the stop leg's fill).
    expect(await oco('LIMIT_MAKER', 'STOP_LOSS_LIMIT', { ...SELL_OCO, abovePrice: '50000' })).toMatchObject({
      data: { code: -2010, msg: 'The relationship of the prices for the orders is not correct.' },
    });
    expect(
      await refusal(
        sellBot.newOCOOrder('BTCUSDT', 'SELL', '100', 'LIMIT_MAKER', 'STOP_LOSS_LIMIT', SELL_OCO),
      ),
    ).toMatchObject({ data: { code: -2010, msg: 'Account has insufficient balance for requested action.' } });
    const malformed = await signedFetch(base, sellerKey, 'POST', '/orderList/oco', {
      symbol: 'BTCUSDT',
      side: 'SELL',
      quantity: 'abc',
      aboveType: 'LIMIT_MAKER',
      belowType: 'STOP_LOSS_LIMIT',
    });
    expect(malformed).toMatchObject({ status: 400, body: { code: -1100 } });
    // The legacy form without stopLimitPrice is a STOP_LOSS market leg: -1014.
    const legacy = await signedFetch(base, sellerKey, 'POST', '/order/oco', {
      symbol: 'BTCUSDT',
      side: 'SELL',
      quantity: '0.01',
      price: '62000',
      stopPrice: '59000',
    });
    expect(legacy).toMatchObject({ status: 400, body: { code: -1014 } });
    // A client id used twice.
    await sellBot.newOCOOrder('BTCUSDT', 'SELL', '0.01', 'LIMIT_MAKER', 'STOP_LOSS_LIMIT', {
      ...SELL_OCO,
      listClientOrderId: 'dup',
    });
    expect(
      await oco('LIMIT_MAKER', 'STOP_LOSS_LIMIT', { ...SELL_OCO, listClientOrderId: 'dup' }),
    ).toMatchObject({
      data: { code: -2010, msg: 'Duplicate order sent.' },
    });
    await sellBot.cancelOCOOrder('BTCUSDT', { listClientOrderId: 'dup' });
    expect((await balances(t, seller)).BTC?.locked).toBe('0.00000000');
    expect(await refusal(sellBot.getOCOOrder({}))).toMatchObject({ status: 400, data: { code: -1102 } });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('who may: no key, another user, a user without KYC, an admin', async () => {
    const placed = (
      await sellBot.newOCOOrder('BTCUSDT', 'SELL', '0.01', 'LIMIT_MAKER', 'STOP_LOSS_LIMIT', {
        ...SELL_OCO,
        abovePrice: '63000',
      })
    ).data;
    const listId = placed.orderListId as string;
    // No API key at all.
    for (const [method, path] of [
      ['POST', '/orderList/oco'],
      ['POST', '/order/oco'],
      ['GET', '/orderList'],
      ['GET', '/allOrderList'],
      ['GET', '/openOrderList'],
      ['DELETE', '/orderList'],
    ] as const) {
      const res = await fetch(`${base}/api/v3${path}?orderListId=${listId}&symbol=BTCUSDT`, { method });
      expect([res.status, (await res.json()).code]).toEqual([401, -2014]);
    }
    // Another user's key and an admin's key see no such list and cannot cancel it.
    const admin = await createTestUser(t, { kyc: true, role: 'ADMIN' });
    for (const key of [buyerKey, await createKey(t, admin)]) {
      const other = new Spot(key.apiKey, key.secret, { baseURL: base });
      expect(await refusal(other.getOCOOrder({ orderListId: listId }))).toMatchObject({
        data: { code: -2013 },
      });
      expect(await refusal(other.cancelOCOOrder('BTCUSDT', { orderListId: listId }))).toMatchObject({
        data: { code: -2011 },
      });
      expect((await other.getOpenOCOOrders()).data).toEqual([]);
    }
    // A user without KYC has only a read key (a trading key needs KYC): it reads but may not place.
    const unverified = await createTestUser(t, { kyc: false });
    await fund(t, unverified, 'BTC', '0.1');
    const unverifiedKey = await createKey(t, unverified, { trade: false });
    const bot = new Spot(unverifiedKey.apiKey, unverifiedKey.secret, { baseURL: base });
    expect(
      await refusal(bot.newOCOOrder('BTCUSDT', 'SELL', '0.01', 'LIMIT_MAKER', 'STOP_LOSS_LIMIT', SELL_OCO)),
    ).toMatchObject({ status: 401, data: { code: -2015 } });
    expect((await bot.getOCOOrders()).data).toEqual([]);
    // The owner's list is untouched.
    expect((await sellBot.getOCOOrder({ orderListId: listId })).data.listOrderStatus).toBe('EXECUTING');
    await sellBot.cancelOCOOrder('BTCUSDT', { orderListId: listId });
    await expectLedgerConsistent(t.ctx.db);
  });

  it("ccxt's binance class, unmodified, through its own order-list calls", async () => {
    const bot = binanceClient(base, sellerKey);
    const placed = await bot.privatePostOrderListOco({
      symbol: 'BTCUSDT',
      side: 'SELL',
      quantity: '0.01',
      aboveType: 'LIMIT_MAKER',
      belowType: 'STOP_LOSS_LIMIT',
      ...SELL_OCO,
      abovePrice: '64000',
      listClientOrderId: 'ccxt-oco',
    });
    const listId = placed.orderListId as string;
    expect(placed).toMatchObject({ listClientOrderId: 'ccxt-oco', listOrderStatus: 'EXECUTING' });
    expect(await bot.privateGetOrderList({ origClientOrderId: 'ccxt-oco' })).toMatchObject({
      orderListId: listId,
    });
    const open = await bot.privateGetOpenOrderList();
    expect(open.map((l: { orderListId: string }) => l.orderListId)).toEqual([listId]);
    const leg = await bot.fetchOrder(placed.orders[1].orderId, 'BTC/USDT');
    expect(leg.info).toMatchObject({ orderListId: listId, type: 'LIMIT_MAKER' });
    const cancelled = await bot.privateDeleteOrderList({ symbol: 'BTCUSDT', orderListId: listId });
    expect(cancelled).toMatchObject({ listOrderStatus: 'ALL_DONE' });
    const all = await bot.privateGetAllOrderList({ fromId: listId });
    expect(
      all.map((l: { orderListId: string; listOrderStatus: string }) => [l.orderListId, l.listOrderStatus]),
    ).toEqual([[listId, 'ALL_DONE']]);
    expect((await balances(t, seller)).BTC?.locked).toBe('0.00000000');
    await expectLedgerConsistent(t.ctx.db);
  });

  it('lists every order-list parameter among the names a split request may use', () => {
    for (const name of ORDER_LIST_PARAM_NAMES) expect(BINANCE_PARAM_NAMES.has(name)).toBe(true);
  });
});
