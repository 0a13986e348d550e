import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { balances, fund, holdLoop, untilWaiting } from '../trading/trading-test-helpers';
import { binanceClient, createKey, listen, signedFetch, type TestKey } from './binance-api-test-helpers';

/**
 * Stop-market orders through the Binance-compatible API (issue 48), driven by ccxt unmodified:
 * STOP_LOSS and TAKE_PROFIT with stopPrice (ccxt's own type names, and its unified stopLossPrice),
 * held from placement, triggered by a trade in the same batch, waiting through a restart, expiring on
 * an empty book, and cancelled before the trigger. Each ends with the ledger check.
 */
describe('stop-market orders through /api/v3', () => {
  let t: TestApp;
  let base: string;
  let owner: TestUser;
  let maker: TestUser;
  let ownerKey: TestKey;
  let makerKey: TestKey;
  let takerKey: TestKey;

  /** One trade at `price` between the maker (sell) and the taker (buy): the market's last price. */
  const trade = async (symbol: string, amount: number, price: number) => {
    await binanceClient(base, makerKey).createOrder(symbol, 'limit', 'sell', amount, price);
    await binanceClient(base, takerKey).createOrder(symbol, 'limit', 'buy', amount, price);
  };

  beforeAll(async () => {
    t = await createTestApp({
      env: { BINANCE_API_WEIGHT_PER_MINUTE_ADDRESS: '1000000', BINANCE_API_WEIGHT_PER_MINUTE_KEY: '1000000' },
    });
    base = await listen(t);
    owner = await createTestUser(t, { kyc: true });
    maker = await createTestUser(t, { kyc: true });
    const taker = await createTestUser(t, { kyc: true });
    for (const user of [owner, maker, taker]) {
      await fund(t, user, 'BTC', '1');
      await fund(t, user, 'ETH', '10');
      await fund(t, user, 'USDT', '100000');
    }
    ownerKey = await createKey(t, owner);
    makerKey = await createKey(t, maker);
    takerKey = await createKey(t, taker);
    // The last prices stops are checked against: BTC at 60 000, ETH at 3 000.
    await trade('BTC/USDT', 0.01, 60_000);
    await trade('ETH/USDT', 0.1, 3_000);
  });
  afterAll(async () => t?.close());

  it('lists STOP_LOSS and TAKE_PROFIT among the order types, and refuses a stop-market missing or with the wrong parameters', async () => {
    const info = await (await fetch(`${base}/api/v3/exchangeInfo?symbol=BTCUSDT`)).json();
    expect(info.symbols[0].orderTypes).toEqual(expect.arrayContaining(['STOP_LOSS', 'TAKE_PROFIT']));
    const order = { symbol: 'BTCUSDT', side: 'SELL', type: 'STOP_LOSS', quantity: '0.01' };
    const refusals = [
      [{ ...order }, -1102, "Mandatory parameter 'stopPrice'"],
      [{ ...order, stopPrice: '59000', price: '59000' }, -1106, "'price'"],
      [{ ...order, stopPrice: '59000', timeInForce: 'GTC' }, -1106, "'timeInForce'"],
      [{ ...order, side: 'BUY', stopPrice: '61000', quoteOrderQty: '100' }, -1106, "'quoteOrderQty'"],
      [{ ...order, stopPrice: '60000' }, -2010, 'Stop price would trigger immediately.'],
      [{ ...order, stopPrice: '59000.001' }, -1013, 'PRICE_FILTER'],
    ] as const;
    for (const [params, code, text] of refusals) {
      const res = await signedFetch(base, ownerKey, 'POST', '/order', params);
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.body.code).toBe(code);
      expect(res.body.msg).toContain(text);
    }
    expect((await balances(t, owner)).BTC?.locked).toBe('0.00000000');
    await expectLedgerConsistent(t.ctx.db);
  });

  it('a STOP_LOSS sell (ccxt stopLossPrice) waits held, and a trade in the same batch triggers and fills it', async () => {
    const bot = binanceClient(base, ownerKey);
    const bids = binanceClient(base, takerKey);
    const asks = binanceClient(base, makerKey);
    const stop = await bot.createOrder('BTC/USDT', 'market', 'sell', 0.01, undefined, {
      stopLossPrice: 59_500,
    });
    expect(stop.info).toMatchObject({ type: 'STOP_LOSS', stopPrice: '59500.0', price: '0.0', status: 'NEW' });
    expect((await balances(t, owner)).BTC?.locked).toBe('0.01000000');
    const open = await bot.fetchOpenOrders('BTC/USDT');
    expect(open.map((o) => [o.id, o.info.type, o.triggerPrice, o.info.isWorking])).toEqual([
      [stop.id, 'STOP_LOSS', 59_500, false],
    ]);
    // A bid at 59 500 and one far lower, and a sell at 59 500, queued into one batch: the sell's
    // trade triggers the stop, which sells into both bids left (a market sell takes any price).
    await bids.createOrder('BTC/USDT', 'limit', 'buy', 0.004, 59_000);
    await bids.createOrder('BTC/USDT', 'limit', 'buy', 0.02, 50_000);
    const { release, busy } = holdLoop(t, 'BTC-USDT');
    const bid = bids.createOrder('BTC/USDT', 'limit', 'buy', 0.001, 59_500);
    await untilWaiting(t, 'BTC-USDT', 1);
    const hit = asks.createOrder('BTC/USDT', 'limit', 'sell', 0.001, 59_500);
    await untilWaiting(t, 'BTC-USDT', 2);
    release();
    await Promise.all([busy, bid, hit]);
    const filled = await bot.fetchOrder(String(stop.id), 'BTC/USDT');
    expect(filled).toMatchObject({ status: 'closed', filled: 0.01 });
    expect(filled.info).toMatchObject({
      status: 'FILLED',
      isWorking: true,
      cummulativeQuoteQty: '536.00000000',
    });
    const trades = await bot.fetchMyTrades('BTC/USDT');
    expect(trades.filter((x) => x.order === stop.id).map((x) => [x.price, x.amount])).toEqual([
      [59_000, 0.004],
      [50_000, 0.006],
    ]);
    expect((await balances(t, owner)).BTC?.locked).toBe('0.00000000');
    // The rest of the low bid leaves the book, so later tests start from an empty bid side.
    await bids.cancelAllOrders('BTC/USDT');
    await expectLedgerConsistent(t.ctx.db);
  });

  it('a STOP_LOSS buy (ccxt type and stopPrice) is held at its cap, waits through a restart, and expires what the cap leaves', async () => {
    const bot = binanceClient(base, ownerKey);
    const bids = binanceClient(base, takerKey);
    const asks = binanceClient(base, makerKey);
    const stop = await bot.createOrder('BTC/USDT', 'STOP_LOSS', 'buy', 0.01, undefined, {
      stopPrice: 60_500,
    });
    expect(stop.info).toMatchObject({ type: 'STOP_LOSS', stopPrice: '60500.0', status: 'NEW' });
    // Held at its cap, 60 500 + 10% = 66 550: 665.50 USDT and the 0.2% fee on it.
    expect((await balances(t, owner)).USDT?.locked).toBe('666.83100000');
    t.trading.engine.forgetBooks();
    // Asks at 60 500 and far above the cap; a buy at 60 500 triggers the stop, which buys what is
    // within its cap and expires the rest.
    await asks.createOrder('BTC/USDT', 'limit', 'sell', 0.005, 60_500);
    await asks.createOrder('BTC/USDT', 'limit', 'sell', 0.01, 70_000);
    await bids.createOrder('BTC/USDT', 'limit', 'buy', 0.001, 60_500);
    const after = await bot.fetchOrder(String(stop.id), 'BTC/USDT');
    // It paid 0.004 x 60 500 and its fee; the rest of its hold came back.
    expect(after.info).toMatchObject({
      status: 'EXPIRED',
      executedQty: '0.004000',
      cummulativeQuoteQty: '242.00000000',
      isWorking: true,
    });
    expect((await balances(t, owner)).USDT?.locked).toBe('0.00000000');
    await asks.cancelAllOrders('BTC/USDT');
    await expectLedgerConsistent(t.ctx.db);
  });

  it('a TAKE_PROFIT sell triggered on an empty bid side expires whole and gives its hold back', async () => {
    const bot = binanceClient(base, ownerKey);
    const stop = await bot.createOrder('ETH/USDT', 'TAKE_PROFIT', 'sell', 0.5, undefined, {
      stopPrice: 3_100,
    });
    expect((await balances(t, owner)).ETH?.locked).toBe('0.50000000');
    await trade('ETH/USDT', 0.01, 3_100);
    const after = await bot.fetchOrder(String(stop.id), 'ETH/USDT');
    expect(after.info).toMatchObject({ type: 'TAKE_PROFIT', status: 'EXPIRED', executedQty: '0.00000' });
    expect((await balances(t, owner)).ETH?.locked).toBe('0.00000000');
    await expectLedgerConsistent(t.ctx.db);
  });

  it('a TAKE_PROFIT buy cancelled before its trigger is CANCELED and releases its hold', async () => {
    const bot = binanceClient(base, ownerKey);
    const stop = await bot.createOrder('ETH/USDT', 'TAKE_PROFIT', 'buy', 1, undefined, { stopPrice: 2_900 });
    expect(Number((await balances(t, owner)).USDT?.locked)).toBeGreaterThan(3_190);
    const cancelled = await bot.cancelOrder(String(stop.id), 'ETH/USDT');
    expect(cancelled.info).toMatchObject({ status: 'CANCELED', type: 'TAKE_PROFIT' });
    expect(Number((await balances(t, owner)).USDT?.locked)).toBe(0);
    expect(await bot.fetchOpenOrders('ETH/USDT')).toEqual([]);
    await expectLedgerConsistent(t.ctx.db);
  });
});
