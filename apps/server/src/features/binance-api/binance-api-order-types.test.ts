import { Spot } from '@binance/connector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { balances, fund } from '../trading/trading-test-helpers';
import { binanceClient, createKey, listen, signedFetch, type TestKey } from './binance-api-test-helpers';

/** A connector call's refusal: its HTTP status and Binance's body. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; data: unknown }> {
  try {
    await call;
  } catch (error) {
    const response = (error as { response?: { status: number; data: unknown } }).response;
    if (response) return { status: response.status, data: response.data };
    throw error;
  }
  throw new Error('the call was not refused');
}

/**
 * Post-only, IOC and FOK orders, cancel-all, the order test and the average price through the
 * Binance-compatible API (issue 48), driven by ccxt and by Binance's own connector, both unmodified.
 * Each order type's edge ends with the ledger check.
 */
describe('order types and their endpoints through the Binance-compatible API', () => {
  let t: TestApp;
  let base: string;
  let maker: TestUser;
  let taker: TestUser;
  let makerKey: TestKey;
  let takerKey: TestKey;

  beforeAll(async () => {
    t = await createTestApp({
      env: { BINANCE_API_WEIGHT_PER_MINUTE_ADDRESS: '1000000', BINANCE_API_WEIGHT_PER_MINUTE_KEY: '1000000' },
    });
    base = await listen(t);
    maker = await createTestUser(t, { kyc: true });
    taker = await createTestUser(t, { kyc: true });
    await fund(t, maker, 'BTC', '1');
    await fund(t, maker, 'USDT', '100000');
    await fund(t, taker, 'USDT', '10000');
    makerKey = await createKey(t, maker);
    takerKey = await createKey(t, taker);
  });
  afterAll(async () => t?.close());

  it('lists the order types in exchangeInfo, as ccxt reads them', async () => {
    const markets = await binanceClient(base).loadMarkets();
    expect(markets['BTC/USDT']?.info.orderTypes).toEqual([
      'LIMIT',
      'LIMIT_MAKER',
      'MARKET',
      'STOP_LOSS',
      'STOP_LOSS_LIMIT',
      'TAKE_PROFIT',
      'TAKE_PROFIT_LIMIT',
    ]);
  });

  it('rests a post-only order and refuses one that would cross, holding nothing for it', async () => {
    const makerBot = binanceClient(base, makerKey);
    const takerBot = binanceClient(base, takerKey);
    const ask = await makerBot.createOrder('BTC/USDT', 'limit', 'sell', 0.01, 60_000, { postOnly: true });
    expect(ask).toMatchObject({ status: 'open', postOnly: true });
    const before = await balances(t, taker);
    // ccxt sends LIMIT_MAKER; at 60 000 it would take the ask.
    await expect(
      takerBot.createOrder('BTC/USDT', 'limit', 'buy', 0.001, 60_000, { postOnly: true }),
    ).rejects.toThrow(/Order would immediately match and take/);
    expect(await balances(t, taker)).toEqual(before);
    // Binance's connector, with its query-string shape, gets Binance's answer.
    const connector = new Spot(takerKey.apiKey, takerKey.secret, { baseURL: base });
    expect(
      await refusal(
        connector.newOrder('BTCUSDT', 'BUY', 'LIMIT_MAKER', { price: '60000', quantity: '0.001' }),
      ),
    ).toEqual({ status: 400, data: { code: -2010, msg: 'Order would immediately match and take.' } });
    const rested = await connector.newOrder('BTCUSDT', 'BUY', 'LIMIT_MAKER', {
      price: '59000',
      quantity: '0.001',
    });
    expect(rested.data).toMatchObject({ status: 'NEW', type: 'LIMIT_MAKER', timeInForce: 'GTC' });
    // LIMIT_MAKER takes no timeInForce.
    const withTif = await signedFetch(base, takerKey, 'POST', '/order', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT_MAKER',
      timeInForce: 'GTC',
      quantity: '0.001',
      price: '59000',
    });
    expect(withTif.body).toEqual({ code: -1106, msg: "Parameter 'timeInForce' sent when not required." });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('expires a FOK order that cannot fill whole without a trade, fills one that can, and expires the rest of an IOC', async () => {
    const takerBot = binanceClient(base, takerKey);
    const before = await balances(t, taker);
    const killed = await takerBot.createOrder('BTC/USDT', 'limit', 'buy', 0.02, 60_000, {
      timeInForce: 'FOK',
    });
    expect(killed).toMatchObject({ status: 'expired', filled: 0, timeInForce: 'FOK' });
    expect(await balances(t, taker)).toEqual(before);
    const whole = await takerBot.createOrder('BTC/USDT', 'limit', 'buy', 0.004, 60_000, {
      timeInForce: 'FOK',
    });
    expect(whole).toMatchObject({ status: 'closed', filled: 0.004 });
    const ioc = await takerBot.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 60_000, { timeInForce: 'IOC' });
    expect(ioc).toMatchObject({ status: 'expired', filled: 0.006 });
    // Only the post-only bid at 59 000 still holds: 59 USDT and its 0.2% fee.
    expect((await balances(t, taker)).USDT?.locked).toBe('59.11800000');
    await expectLedgerConsistent(t.ctx.db);
  });

  it('tests an order without placing it, and answers the average price', async () => {
    const connector = new Spot(takerKey.apiKey, takerKey.secret, { baseURL: base });
    const tested = await signedFetch(base, takerKey, 'POST', '/order/test', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.001',
      price: '50000',
    });
    expect(tested).toMatchObject({ status: 200, body: {} });
    const badTick = await signedFetch(base, takerKey, 'POST', '/order/test', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.001',
      price: '50000.05',
    });
    expect(badTick.body).toEqual({ code: -1013, msg: 'Filter failure: PRICE_FILTER' });
    expect((await connector.openOrders({ symbol: 'BTCUSDT' })).data).toHaveLength(1);
    // 0.004 and 0.006 traded at 60 000 in the last five minutes.
    const avg = await connector.avgPrice('BTCUSDT');
    expect(avg.data).toMatchObject({ mins: 5, price: '60000.0' });
  });

  it("cancels all of a market's open orders with ccxt and with the connector, each giving its hold back", async () => {
    const makerBot = binanceClient(base, makerKey);
    await makerBot.createOrder('BTC/USDT', 'limit', 'buy', 0.001, 50_000);
    await makerBot.createOrder('BTC/USDT', 'limit', 'sell', 0.001, 65_000);
    await makerBot.createOrder('ETH/USDT', 'limit', 'buy', 0.01, 1_000);
    const cancelled = await makerBot.cancelAllOrders('BTC/USDT');
    expect(cancelled.map((o) => [o.side, o.status])).toEqual([
      ['buy', 'canceled'],
      ['sell', 'canceled'],
    ]);
    expect(await makerBot.fetchOpenOrders('BTC/USDT')).toEqual([]);
    expect(await makerBot.fetchOpenOrders('ETH/USDT')).toHaveLength(1);
    const connector = new Spot(makerKey.apiKey, makerKey.secret, { baseURL: base });
    const gone = await connector.cancelOpenOrders('ETHUSDT');
    expect(gone.data).toMatchObject([{ symbol: 'ETHUSDT', status: 'CANCELED' }]);
    // Nothing left to cancel: Binance's -2011.
    expect(await refusal(connector.cancelOpenOrders('ETHUSDT'))).toEqual({
      status: 400,
      data: { code: -2011, msg: 'Unknown order sent.' },
    });
    expect((await balances(t, maker)).USDT?.locked).toBe('0.00000000');
    await expectLedgerConsistent(t.ctx.db);
  });

  it("replaces an order with Binance's connector, and answers each failed half in Binance's shapes", async () => {
    const connector = new Spot(makerKey.apiKey, makerKey.secret, { baseURL: base });
    const first = await connector.newOrder('BTCUSDT', 'BUY', 'LIMIT', {
      price: '50000',
      quantity: '0.001',
      timeInForce: 'GTC',
    });
    const replaced = await connector.cancelAndReplace('BTCUSDT', 'BUY', 'LIMIT', 'STOP_ON_FAILURE', {
      cancelOrderId: first.data.orderId,
      price: '51000',
      quantity: '0.002',
      timeInForce: 'GTC',
    });
    expect(replaced.data).toMatchObject({
      cancelResult: 'SUCCESS',
      newOrderResult: 'SUCCESS',
      cancelResponse: { orderId: first.data.orderId, status: 'CANCELED' },
      newOrderResponse: { price: '51000.0', origQty: '0.002000', status: 'NEW' },
    });
    const second = replaced.data.newOrderResponse.orderId;
    // Someone else's order is no order: the cancel fails and nothing is placed.
    const taker = new Spot(takerKey.apiKey, takerKey.secret, { baseURL: base });
    expect(
      await refusal(
        taker.cancelAndReplace('BTCUSDT', 'BUY', 'LIMIT', 'STOP_ON_FAILURE', {
          cancelOrderId: second,
          price: '40000',
          quantity: '0.001',
          timeInForce: 'GTC',
        }),
      ),
    ).toEqual({
      status: 400,
      data: {
        code: -2022,
        msg: 'Order cancel-replace failed.',
        data: {
          cancelResult: 'FAILURE',
          newOrderResult: 'NOT_ATTEMPTED',
          cancelResponse: { code: -2013, msg: 'Order does not exist.' },
          newOrderResponse: null,
        },
      },
    });
    // The cancel done, the new order past the balance: 409 -2021, the old order gone.
    expect(
      await refusal(
        connector.cancelAndReplace('BTCUSDT', 'BUY', 'LIMIT', 'ALLOW_FAILURE', {
          cancelOrderId: second,
          price: '50000',
          quantity: '100',
          timeInForce: 'GTC',
        }),
      ),
    ).toMatchObject({
      status: 409,
      data: {
        code: -2021,
        data: {
          cancelResult: 'SUCCESS',
          newOrderResult: 'FAILURE',
          newOrderResponse: { code: -2010, msg: 'Account has insufficient balance for requested action.' },
        },
      },
    });
    expect((await connector.openOrders({ symbol: 'BTCUSDT' })).data).toEqual([]);
    await expectLedgerConsistent(t.ctx.db);
  });

  it("answers the account's trade fees to ccxt and to the connector", async () => {
    const bot = binanceClient(base, takerKey);
    bot.urls.api.sapi = `${base}/sapi/v1`;
    const fees = await bot.fetchTradingFees();
    expect(fees['BTC/USDT']).toMatchObject({ symbol: 'BTC/USDT', maker: 0.002, taker: 0.002 });
    const connector = new Spot(takerKey.apiKey, takerKey.secret, { baseURL: base });
    expect((await connector.tradeFee({ symbol: 'ETHUSDT' })).data).toEqual([
      { symbol: 'ETHUSDT', makerCommission: '0.002', takerCommission: '0.002' },
    ]);
    const anonymous = await fetch(
      `${base}/sapi/v1/asset/tradeFee?timestamp=${Date.now()}&signature=${'0'.repeat(64)}`,
    );
    expect(anonymous.status).toBe(401);
    const bad = new Spot(takerKey.apiKey, 'x'.repeat(64), { baseURL: base });
    expect(await refusal(bad.tradeFee())).toMatchObject({ status: 400, data: { code: -1022 } });
  });

  it('refuses the new endpoints without a key, with a bad signature, with a read-only key, and never touches another account', async () => {
    const path = `${base}/api/v3/openOrders?symbol=BTCUSDT&timestamp=${Date.now()}&signature=${'0'.repeat(64)}`;
    const anonymous = await fetch(path, { method: 'DELETE' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: -2014 });
    const badSignature = await signedFetch(
      base,
      takerKey,
      'DELETE',
      '/openOrders',
      { symbol: 'BTCUSDT' },
      {
        secret: 'x'.repeat(64),
      },
    );
    expect(badSignature.body).toMatchObject({ code: -1022 });
    const reader = await createKey(t, taker, { trade: false });
    for (const [method, route] of [
      ['DELETE', '/openOrders'],
      ['POST', '/order/test'],
      ['POST', '/order/cancelReplace'],
    ] as const) {
      const refused = await signedFetch(base, reader, method, route, {
        symbol: 'BTCUSDT',
        side: 'BUY',
        type: 'LIMIT',
        timeInForce: 'GTC',
        quantity: '0.001',
        price: '50000',
      });
      expect(refused).toMatchObject({ status: 401, body: { code: -2015 } });
    }
    // The taker's cancel-all leaves the maker's orders alone.
    const makerBot = binanceClient(base, makerKey);
    await makerBot.createOrder('BTC/USDT', 'limit', 'buy', 0.001, 50_000);
    await binanceClient(base, takerKey).cancelAllOrders('BTC/USDT');
    expect(await makerBot.fetchOpenOrders('BTC/USDT')).toHaveLength(1);
    await expectLedgerConsistent(t.ctx.db);
  });
});
