import { Spot } from '@binance/connector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { balances, fund } from '../trading/trading-test-helpers';
import { createKey, listen, type TestKey } from './binance-api-test-helpers';

/** The connector answers axios responses: the body is `data`; a refusal throws with `response`. */
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

/**
 * Binance's own JS connector (@binance/connector), unmodified, against the real server: it signs
 * its parameters into the query string and POSTs and DELETEs with a JSON content type and an empty
 * body, a shape Binance takes (issue 48).
 */
describe("Binance's official connector trading here", () => {
  let t: TestApp;
  let base: string;
  let user: TestUser;
  let key: TestKey;
  let client: Spot;

  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t);
    user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'USDT', '1000');
    await fund(t, user, 'BTC', '0.1');
    key = await createKey(t, user);
    client = new Spot(key.apiKey, key.secret, { baseURL: base });
  });
  afterAll(async () => t?.close());

  it('reads the account, places, lists and cancels an order', async () => {
    const account = await client.account();
    expect(account.data.balances).toEqual(
      expect.arrayContaining([{ asset: 'USDT', free: '1000.00000000', locked: '0.00000000' }]),
    );
    const placed = await client.newOrder('BTCUSDT', 'BUY', 'LIMIT', {
      price: '40000',
      quantity: '0.001',
      timeInForce: 'GTC',
      newClientOrderId: 'conn-1',
    });
    expect(placed.data).toMatchObject({ symbol: 'BTCUSDT', status: 'NEW', clientOrderId: 'conn-1' });
    const open = await client.openOrders({ symbol: 'BTCUSDT' });
    expect(open.data.map((o: { orderId: unknown }) => o.orderId)).toEqual([placed.data.orderId]);
    const cancelled = await client.cancelOrder('BTCUSDT', { orderId: placed.data.orderId });
    expect(cancelled.data).toMatchObject({ status: 'CANCELED', clientOrderId: 'conn-1' });
    expect((await client.openOrders({ symbol: 'BTCUSDT' })).data).toEqual([]);
    expect((await balances(t, user)).USDT).toEqual({ balance: '1000.00000000', locked: '0.00000000' });
    await expectLedgerConsistent(t.ctx.db);
  });

  it("answers the connector's refusals in Binance's shape", async () => {
    const bad = new Spot(key.apiKey, 'x'.repeat(64), { baseURL: base });
    expect(await refusal(bad.account())).toMatchObject({ status: 400, data: { code: -1022 } });
    expect(
      await refusal(client.newOrder('BTCUSDT', 'BUY', 'LIMIT', { price: '40000', quantity: '0.001' })),
    ).toMatchObject({ status: 400, data: { code: -1102 } });
  });
});
