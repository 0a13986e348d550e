import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { balances, fund } from '../trading/trading-test-helpers';
import { binanceClient, createKey, listen, type TestKey } from './binance-api-test-helpers';

/**
 * Stop-limit orders through the Binance-compatible API (issue 48), driven by ccxt unmodified: its
 * `triggerPrice` on a limit order becomes STOP_LOSS_LIMIT; the order waits off the book, is listed
 * among the open orders with its trigger, a trade at the trigger fills it, and the ledger balances.
 */
describe('stop-limit orders through /api/v3', () => {
  let t: TestApp;
  let base: string;
  let seller: TestUser;
  let buyer: TestUser;
  let sellerKey: TestKey;
  let buyerKey: TestKey;

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
  });
  afterAll(async () => t?.close());

  it('places a STOP_LOSS_LIMIT with ccxt, lists it, and a trade at its trigger fills it', async () => {
    const sellBot = binanceClient(base, sellerKey);
    const buyBot = binanceClient(base, buyerKey);
    // The last price: one trade at 60 000.
    await sellBot.createOrder('BTC/USDT', 'limit', 'sell', 0.01, 60_000);
    await buyBot.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 60_000);
    // Binance's -2010 for a stop the last price already reaches.
    await expect(
      sellBot.createOrder('BTC/USDT', 'limit', 'sell', 0.01, 59_000, { triggerPrice: 60_000 }),
    ).rejects.toThrow('Stop price would trigger immediately.');
    const stop = await sellBot.createOrder('BTC/USDT', 'limit', 'sell', 0.01, 59_000, {
      triggerPrice: 59_500,
    });
    expect(stop.info).toMatchObject({ type: 'STOP_LOSS_LIMIT', stopPrice: '59500.0', status: 'NEW' });
    expect((await balances(t, seller)).BTC?.locked).toBe('0.01000000');
    const open = await sellBot.fetchOpenOrders('BTC/USDT');
    expect(open.map((o) => [o.id, o.triggerPrice, o.info.isWorking])).toEqual([[stop.id, 59_500, false]]);
    // Bids at 59 000 and 59 500; a sell at 59 500 trades, which triggers the stop into the 59 000 bid.
    await buyBot.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 59_000);
    await buyBot.createOrder('BTC/USDT', 'limit', 'buy', 0.001, 59_500);
    await sellBot.createOrder('BTC/USDT', 'limit', 'sell', 0.001, 59_500);
    const filled = await sellBot.fetchOrder(String(stop.id), 'BTC/USDT');
    expect(filled).toMatchObject({ status: 'closed', filled: 0.01, price: 59_000 });
    expect((await balances(t, seller)).BTC?.locked).toBe('0.00000000');
    await expectLedgerConsistent(t.ctx.db);
  });
});
