import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { fund, limitOrder, place } from './trading-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { MAX_OPEN_ORDERS_PER_MARKET: '3' } });
});
afterAll(async () => {
  await t.close();
});

async function trader(): Promise<TestUser> {
  const user = await createTestUser(t, { kyc: true });
  await fund(t, user, 'USDT', '100000');
  await fund(t, user, 'USD', '100000');
  await fund(t, user, 'BTC', '10');
  return user;
}

function instant(user: TestUser, quantity: unknown, coin = 'BTC') {
  return place(t, user, {
    crypto_currency_code: coin,
    fiat_currency_code: 'USD',
    quantity,
    type: 'instant',
    limitPrice: null,
    side: 'buy',
  });
}

describe('amounts sent as JSON numbers, as the spec’s client sends them', () => {
  it('a limit order with numeric quantity and price is placed, and the answer names the order to cancel it by', async () => {
    const user = await trader();
    const res = await place(t, user, { ...limitOrder('buy', '0', '0'), quantity: 0.01, limitPrice: 1000 });
    expect(res.statusCode).toBe(200);
    const order = res.json().data.order;
    expect(order).toMatchObject({
      market_id: 'BTC-USDT',
      side: 'buy',
      status: 'open',
      quantity: '0.010000',
      filled_quantity: '0.000000',
    });
    const cancel = await t.app.inject({
      method: 'GET',
      url: `/api/v1/wallet/limitorder/market/cancle-open-order?market_id=BTC-USDT&order_id=${order.id}`,
      headers: user.headers,
    });
    expect(cancel.statusCode).toBe(200);
  });

  it('an instant buy with a numeric quantity executes; it is a wallet transaction, so no order is named', async () => {
    const user = await trader();
    const res = await instant(user, 0.001);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.order).toBeNull();
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/quotes',
      headers: user.headers,
      payload: { side: 'buy', crypto_currency_code: 'BTC', quantity: 0.001 },
    });
    expect(quote.statusCode).toBe(200);
    expect(quote.json().data.quantity).toBe('0.00100000');
  });

  it('a quantity no column can hold is refused with the rule’s message, never a 500, and nothing moves', async () => {
    const user = await trader();
    const huge = '9'.repeat(40);
    for (const res of [
      await instant(user, huge),
      await instant(user, huge, 'ADA'),
      await instant(user, 1e30),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Quantity should be less than 9999999999999999');
    }
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/quotes',
      headers: user.headers,
      payload: { side: 'buy', crypto_currency_code: 'BTC', quantity: huge },
    });
    expect(quote.statusCode).toBe(422);
    await expectLedgerConsistent(t.ctx.db);
  });
});

describe('instant orders meet the market’s quantity rules on the server, in the spec’s order', () => {
  it.each([
    ['', 'Please Enter Quantity'],
    ['abc', 'Please Enter Valid Quantity'],
    ['0.000001', 'Quantity should be greater than 0.000001'],
    ['99999999999999999', 'Quantity should be less than 9999999999999999'],
    ['0.0010001', 'Quantity can have at most 6 decimal places'],
  ])('BTC %o is refused with "%s"', async (quantity, message) => {
    const user = await trader();
    const res = await instant(user, quantity);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
  });
});

describe('the market loop', () => {
  it('caps a user’s open orders per market with a clear message', async () => {
    const user = await trader();
    for (let i = 0; i < 3; i += 1)
      expect((await place(t, user, limitOrder('buy', '0.01', String(1000 + i)))).statusCode).toBe(200);
    const fourth = await place(t, user, limitOrder('buy', '0.01', '999'));
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json().message).toBe(
      'You already have 3 open orders in this market. Cancel one to place another',
    );
    // Another market is another budget.
    expect((await place(t, user, limitOrder('buy', '0.1', '100', 'ETH-USDT'))).statusCode).toBe(200);
  });

  it('a command refused before the book moved keeps the book in sync: no rebuild from storage', async () => {
    const engine = t.trading.engine;
    const user = await trader();
    expect((await place(t, user, limitOrder('buy', '0.01', '1500'))).statusCode).toBe(200);
    const market = engine.market('BTC-USDT');
    const book = market?.book;
    expect(market?.syncedSeq).not.toBeNull();

    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/limitorder/market/cancle-open-order?market_id=BTC-USDT&order_id=00000000-0000-4000-8000-000000000000',
      headers: user.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const poor = await createTestUser(t, { kyc: true });
    const refused = await place(t, poor, limitOrder('buy', '0.01', '1500'));
    expect(refused.json().message).toBe('Insufficient amount');

    expect(market?.syncedSeq).not.toBeNull();
    expect((await place(t, user, limitOrder('buy', '0.01', '1400'))).statusCode).toBe(200);
    // The same book object: it was never thrown away and reloaded.
    expect(market?.book).toBe(book);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('depth is served from the last committed snapshot while the market’s loop is busy', async () => {
    const engine = t.trading.engine;
    const user = await trader();
    expect((await place(t, user, limitOrder('buy', '0.02', '1234.5'))).statusCode).toBe(200);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Hold BTC-USDT's loop: anything queued behind this waits until the gate opens.
    const busy = engine.run('BTC-USDT', async () => {
      await gate;
      return { result: undefined };
    });
    const depth = await t.app.inject({ method: 'GET', url: '/api/v1/market/depth/BTC-USDT' });
    expect(depth.statusCode).toBe(200);
    expect(depth.json().data.bids).toContainEqual({ price: '1234.5', quantity: '0.020000' });
    release();
    await busy;
  });
});
