import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { balances, fund, limitOrder, place } from '../trading/trading-test-helpers';
import { binanceClient, createKey, listen, signedFetch, type TestKey } from './binance-api-test-helpers';

/**
 * The Binance-compatible API driven by the unmodified ccxt package, as a bot would drive Binance
 * (issue 39): the real server on a loopback port, ccxt's binance class with its URLs pointed here.
 */
describe('a ccxt bot trading through the Binance-compatible API', () => {
  let t: TestApp;
  let base: string;
  let maker: TestUser;
  let taker: TestUser;
  let makerKey: TestKey;
  let takerKey: TestKey;

  beforeAll(async () => {
    t = await createTestApp();
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

  it('loads our markets from exchangeInfo alone, with their real filters', async () => {
    const bot = binanceClient(base);
    const markets = await bot.loadMarkets();
    const btc = markets['BTC/USDT'];
    expect(btc).toMatchObject({ id: 'BTCUSDT', base: 'BTC', quote: 'USDT', spot: true, active: true });
    expect(btc?.precision).toMatchObject({ price: 0.1, amount: 0.000001 });
    expect(btc?.limits.amount?.min).toBe(0.000002);
    expect(btc?.limits.cost?.min).toBe(1);
    expect(Object.keys(markets)).toContain('ETH/USDT');
  });

  it('places, lists, fetches and cancels orders; the web shows them; balances come from the ledger', async () => {
    const makerBot = binanceClient(base, makerKey);
    const takerBot = binanceClient(base, takerKey);
    // The maker quotes both sides with limit orders.
    const ask = await makerBot.createOrder('BTC/USDT', 'limit', 'sell', 0.01, 60_000);
    const bid = await makerBot.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 59_000);
    expect(ask).toMatchObject({ status: 'open', type: 'limit', side: 'sell', amount: 0.01, price: 60_000 });
    expect(bid.status).toBe('open');

    const book = await takerBot.fetchOrderBook('BTC/USDT');
    expect(book.asks[0]).toEqual([60_000, 0.01]);
    expect(book.bids[0]).toEqual([59_000, 0.01]);

    // A market buy takes from the ask; a limit buy below the bid rests.
    const bought = await takerBot.createOrder('BTC/USDT', 'market', 'buy', 0.002);
    expect(bought).toMatchObject({ status: 'closed', type: 'market', side: 'buy', filled: 0.002, cost: 120 });
    const resting = await takerBot.createOrder('BTC/USDT', 'limit', 'buy', 0.001, 50_000);
    expect(resting.status).toBe('open');

    const open = await takerBot.fetchOpenOrders('BTC/USDT');
    expect(open.map((o) => o.id)).toEqual([resting.id]);
    expect(await takerBot.fetchOrder(String(bought.id), 'BTC/USDT')).toMatchObject({
      id: bought.id,
      status: 'closed',
    });

    // The web's history and open orders show the API's orders.
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/limitorder/market/get-user-open-order',
      headers: taker.headers,
    });
    expect(history.json().data.map((o: { id: string }) => o.id)).toEqual([resting.id]);

    // And the other way round: an order placed on the web is one of the API's open orders.
    const onWeb = await place(t, taker, limitOrder('buy', '0.001', '40000'));
    const webId = onWeb.json().data.order.id;
    const both = await takerBot.fetchOpenOrders('BTC/USDT');
    expect(both.map((o) => [o.id, o.type, o.clientOrderId?.slice(0, 4)])).toEqual([
      [resting.id, 'limit', 'x-TK'],
      [webId, 'limit', 'web_'],
    ]);
    await takerBot.cancelOrder(webId, 'BTC/USDT');

    const cancelled = await takerBot.cancelOrder(String(resting.id), 'BTC/USDT');
    expect(cancelled).toMatchObject({ id: resting.id, status: 'canceled' });
    expect(await takerBot.fetchOpenOrders('BTC/USDT')).toEqual([]);

    // A market sell hits the maker's bid; a limit sell with IOC takes what it can and expires.
    const sold = await takerBot.createOrder('BTC/USDT', 'market', 'sell', 0.001);
    expect(sold).toMatchObject({ status: 'closed', filled: 0.001, cost: 59 });
    const ioc = await takerBot.createOrder('BTC/USDT', 'limit', 'sell', 0.001, 70_000, {
      timeInForce: 'IOC',
    });
    expect(ioc).toMatchObject({ status: 'expired', filled: 0 });

    const balance = await takerBot.fetchBalance();
    const wallet = await balances(t, taker);
    expect(balance.BTC?.free).toBe(Number(wallet.BTC?.balance));
    expect(balance.BTC?.free).toBe(0.001);
    expect(balance.USDT?.free).toBe(Number(wallet.USDT?.balance));
    expect(balance.USDT?.used).toBe(0);

    const mine = await takerBot.fetchMyTrades('BTC/USDT');
    expect(mine.map((trade) => [trade.side, trade.price, trade.amount, trade.takerOrMaker])).toEqual([
      ['buy', 60_000, 0.002, 'taker'],
      ['sell', 59_000, 0.001, 'taker'],
    ]);
    expect(mine[0]?.fee).toMatchObject({ currency: 'USDT', cost: 0.24 });

    const ticker = await takerBot.fetchTicker('BTC/USDT');
    expect(ticker).toMatchObject({ symbol: 'BTC/USDT', last: 59_000, bid: 59_000, ask: 60_000 });
    const trades = await takerBot.fetchTrades('BTC/USDT');
    expect(trades.map((trade) => trade.price)).toEqual([60_000, 59_000]);
    const candles = await takerBot.fetchOHLCV('BTC/USDT', '1m');
    // The two trades may fall either side of a minute's end, so the candles are read as one.
    const bars = candles.map(([, open, high, low, close, volume]) => ({ open, high, low, close, volume }));
    expect([
      bars[0]?.open,
      Math.max(...bars.map((bar) => Number(bar.high))),
      Math.min(...bars.map((bar) => Number(bar.low))),
      bars[bars.length - 1]?.close,
      bars.reduce((sum, bar) => sum + Number(bar.volume), 0),
    ]).toEqual([60_000, 60_000, 59_000, 59_000, 0.003]);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('buys at market for a USDT amount (quoteOrderQty), and refuses a market order on an empty book', async () => {
    const bot = binanceClient(base, takerKey);
    // With a price, ccxt sends quoteOrderQty = amount × price: 60 USDT buys 0.001 at the 60 000 ask.
    const spent = await bot.createOrder('BTC/USDT', 'market', 'buy', 0.001, 60_000);
    expect(spent).toMatchObject({ status: 'closed', filled: 0.001, cost: 60 });
    const nothing = await signedFetch(base, takerKey, 'POST', '/order', {
      symbol: 'ETHUSDT',
      side: 'BUY',
      type: 'MARKET',
      quantity: '0.01',
    });
    expect(nothing).toMatchObject({ status: 400, body: { code: -2010 } });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('answers a retried newClientOrderId with the first order, never a second', async () => {
    const bot = binanceClient(base, makerKey);
    const first = await bot.createOrder('BTC/USDT', 'limit', 'buy', 0.001, 40_000, {
      clientOrderId: 'grid-1',
    });
    const again = await bot.createOrder('BTC/USDT', 'limit', 'buy', 0.001, 40_000, {
      clientOrderId: 'grid-1',
    });
    expect(again.id).toBe(first.id);
    expect(first.clientOrderId).toBe('grid-1');
    const open = await bot.fetchOpenOrders('BTC/USDT');
    expect(open.filter((o) => o.clientOrderId === 'grid-1')).toHaveLength(1);
    expect(await bot.fetchOrder('', 'BTC/USDT', { origClientOrderId: 'grid-1' })).toMatchObject({
      id: first.id,
    });
  });

  /** A new user with 100 USDT and a key sends `count` resting BTC buys of 0.0002 at 45,000 at once. */
  async function parallelBuys(count: number, extra: Record<string, string> = {}) {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'USDT', '100');
    const key = await createKey(t, user);
    const order = { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.0002' };
    const answers = await Promise.all(
      Array.from({ length: count }, () =>
        signedFetch(base, key, 'POST', '/order', { ...order, price: '45000', ...extra }),
      ),
    );
    return { user, answers };
  }

  it('places one order for 12 parallel requests with one newClientOrderId (the others refused while it is placed)', async () => {
    const { user, answers } = await parallelBuys(12, { newClientOrderId: 'same-twelve' });
    const placed = answers.filter((a) => a.status === 200);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    expect(new Set(placed.map((a) => (a.body as { orderId: number }).orderId)).size).toBe(1);
    for (const answer of answers.filter((a) => a.status !== 200))
      expect(answer.body).toEqual({ code: -2010, msg: 'Duplicate order sent.' });
    // One order's hold: 0.0002 × 45 000 = 9 USDT plus the 0.2% fee.
    expect((await balances(t, user)).USDT).toEqual({ balance: '90.98200000', locked: '9.01800000' });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('gives a refused order its newClientOrderId back: the same id places once funds allow', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'USDT', '5');
    const key = await createKey(t, user);
    const order = { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.0002' };
    const send = () =>
      signedFetch(base, key, 'POST', '/order', { ...order, price: '45000', newClientOrderId: 'again-1' });
    // 9.018 USDT needed, 5 held: refused, and the id is free again.
    expect(await send()).toMatchObject({
      status: 400,
      body: { code: -2010, msg: 'Account has insufficient balance for requested action.' },
    });
    await fund(t, user, 'USDT', '100');
    const placed = await send();
    expect(placed).toMatchObject({ status: 200, body: { clientOrderId: 'again-1' } });
    const retried = await send();
    expect(retried.body).toMatchObject({ orderId: (placed.body as { orderId: number }).orderId });
    expect((await balances(t, user)).USDT).toEqual({ balance: '95.98200000', locked: '9.01800000' });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('refuses 20 parallel orders past one balance: nothing is overdrawn', async () => {
    // Each resting buy holds 0.0002 × 45 000 = 9 USDT plus the 0.2% fee: eleven would need 99.198 USDT.
    const { user, answers } = await parallelBuys(20);
    const placed = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(placed).toHaveLength(11);
    for (const answer of refused)
      expect(answer.body).toEqual({
        code: -2010,
        msg: 'Account has insufficient balance for requested action.',
      });
    const wallet = await balances(t, user);
    expect(wallet.USDT).toEqual({ balance: '0.80200000', locked: '99.19800000' });
    await expectLedgerConsistent(t.ctx.db);
  });
});
