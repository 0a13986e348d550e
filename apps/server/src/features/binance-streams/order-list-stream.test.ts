import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { createKey, listen, signedFetch, type TestKey } from '../binance-api/binance-api-test-helpers';
import { balances, fund } from '../trading/trading-test-helpers';
import { openStream } from './binance-streams-test-helpers';

const limit = (side: 'BUY' | 'SELL', quantity: string, price: string) => ({
  symbol: 'BTCUSDT',
  side,
  type: 'LIMIT',
  timeInForce: 'GTC',
  quantity,
  price,
});

/**
 * An OCO on the user data stream (issue 48): the list's listStatus as it is placed and as it ends, and
 * executionReport events naming the list (`g`), down to a stop leg triggered by someone else's trade
 * filling and the other leg's cancel.
 */
describe('OCO lists on the user data stream', () => {
  let t: TestApp;
  let base: string;
  let seller: TestUser;
  let sellerKey: TestKey;
  let buyerKey: TestKey;

  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t);
    seller = await createTestUser(t, { kyc: true });
    const buyer = await createTestUser(t, { kyc: true });
    await fund(t, seller, 'BTC', '1');
    await fund(t, buyer, 'USDT', '100000');
    sellerKey = await createKey(t, seller);
    buyerKey = await createKey(t, buyer);
  });
  afterAll(async () => t?.close());

  it('tells the placement, the stop leg triggered by a trade and filled, the other leg cancelled, the end', async () => {
    // The last price: one trade at 60 000.
    expect(
      (await signedFetch(base, sellerKey, 'POST', '/order', limit('SELL', '0.01', '60000'))).status,
    ).toBe(200);
    expect((await signedFetch(base, buyerKey, 'POST', '/order', limit('BUY', '0.01', '60000'))).status).toBe(
      200,
    );
    const res = await fetch(`${base}/api/v3/userDataStream`, {
      method: 'POST',
      headers: { 'x-mbx-apikey': sellerKey.apiKey },
    });
    const { listenKey } = (await res.json()) as { listenKey: string };
    const stream = await openStream(base, `/ws/${listenKey}`);

    const placed = await signedFetch(base, sellerKey, 'POST', '/orderList/oco', {
      symbol: 'BTCUSDT',
      side: 'SELL',
      quantity: '0.01',
      aboveType: 'LIMIT_MAKER',
      abovePrice: '61000',
      belowType: 'STOP_LOSS_LIMIT',
      belowStopPrice: '59500',
      belowPrice: '59000',
      belowTimeInForce: 'GTC',
      listClientOrderId: 'stream-oco',
    });
    expect(placed.status).toBe(200);
    const listId = placed.body.orderListId as string;
    const [stopId, limitId] = (placed.body.orders as { orderId: string }[]).map((o) => o.orderId);
    const started = await stream.next((f) => f.e === 'listStatus');
    expect(started).toMatchObject({
      s: 'BTCUSDT',
      g: listId,
      c: 'OCO',
      l: 'EXEC_STARTED',
      L: 'EXECUTING',
      C: 'stream-oco',
      O: [
        { s: 'BTCUSDT', i: stopId },
        { s: 'BTCUSDT', i: limitId },
      ],
    });
    for (const id of [stopId, limitId])
      expect(await stream.next((f) => f.e === 'executionReport' && f.i === id)).toMatchObject({
        g: listId,
        x: 'NEW',
      });

    // Bids at 59 000 and 59 500; a small sell at 59 500 trades there, which triggers the stop leg into
    // the 59 000 bid.
    await signedFetch(base, buyerKey, 'POST', '/order', limit('BUY', '0.01', '59000'));
    await signedFetch(base, buyerKey, 'POST', '/order', limit('BUY', '0.001', '59500'));
    await signedFetch(base, sellerKey, 'POST', '/order', limit('SELL', '0.001', '59500'));
    const filled = await stream.next((f) => f.e === 'executionReport' && f.i === stopId && f.x === 'TRADE');
    expect(filled).toMatchObject({
      g: listId,
      o: 'STOP_LOSS_LIMIT',
      X: 'FILLED',
      L: '59000.0',
      z: '0.010000',
    });
    const cancelled = await stream.next(
      (f) => f.e === 'executionReport' && f.i === limitId && f.x === 'CANCELED',
    );
    expect(cancelled).toMatchObject({ g: listId, o: 'LIMIT_MAKER', X: 'CANCELED' });
    const done = await stream.next((f) => f.e === 'listStatus' && f.l === 'ALL_DONE');
    expect(done).toMatchObject({ g: listId, L: 'ALL_DONE', C: 'stream-oco' });
    // The list's end comes after its orders' reports.
    expect(stream.frames.indexOf(done)).toBeGreaterThan(stream.frames.indexOf(cancelled));
    stream.socket.close();
    expect((await balances(t, seller)).BTC?.locked).toBe('0.00000000');
    await expectLedgerConsistent(t.ctx.db);
  });
});
