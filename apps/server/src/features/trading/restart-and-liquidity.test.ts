import type { AssetCode, PricePoint } from '@exchange/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createAppContext, type ZodApi } from '../../platform/app-context';
import type { PriceSource } from '../../platform/prices';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, TEST_PRICES, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { balances, fund, limitOrder, place } from './trading-test-helpers';

// A price table the test can move.
const table: Partial<Record<AssetCode, bigint>> = { ...TEST_PRICES };
const prices: PriceSource = {
  latest: (asset): PricePoint | undefined => {
    const usd = table[asset];
    return usd === undefined ? undefined : { asset, usd, at: new Date() };
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ deps: { prices } });
});
afterAll(async () => {
  await t.close();
});

describe('restart', () => {
  it('a second app on the same database rebuilds the book from open orders and matching continues', async () => {
    const maker = await createTestUser(t, { kyc: true });
    const taker = await createTestUser(t, { kyc: true });
    await fund(t, maker, 'DOT', '10');
    await fund(t, taker, 'USDT', '1000');
    expect((await place(t, maker, limitOrder('sell', '2', '7.50', 'DOT-USDT'))).statusCode).toBe(200);
    expect((await place(t, maker, limitOrder('sell', '3', '7.60', 'DOT-USDT'))).statusCode).toBe(200);

    const second: ZodApi = (await buildApp(createAppContext({ ...t.ctx }))).app;
    await second.ready();
    try {
      const depth = await second.inject({ method: 'GET', url: '/api/v1/market/depth/DOT-USDT' });
      expect(depth.json().data.asks).toEqual([
        { price: '7.50', quantity: '2.0000' },
        { price: '7.60', quantity: '3.0000' },
      ]);
      const res = await second.inject({
        method: 'POST',
        url: '/api/v1/wallet/limitorder/limitInstant/buy',
        headers: taker.headers,
        payload: limitOrder('buy', '3', '7.60', 'DOT-USDT'),
      });
      expect(res.statusCode).toBe(200);
      // 2 x 7.50 + 1 x 7.60 = 22.60 plus 0.2% taker fee 0.0452.
      expect((await balances(t, taker)).USDT).toEqual({ balance: '977.35480000', locked: '0.00000000' });
      // The first app's book is now behind storage: it notices the sequence moved and rebuilds.
      const again = await t.app.inject({ method: 'GET', url: '/api/v1/market/depth/DOT-USDT' });
      expect(again.json().data.asks).toEqual([{ price: '7.60', quantity: '2.0000' }]);
      expect((await place(t, taker, limitOrder('buy', '2', '7.60', 'DOT-USDT'))).statusCode).toBe(200);
      expect((await balances(t, maker)).DOT).toEqual({ balance: '5.00000000', locked: '0.00000000' });
    } finally {
      await second.close();
    }
    await expectLedgerConsistent(t.ctx.db);
  });

  it('forgetting the in-memory books changes nothing a user can see', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'USDT', '100');
    await place(t, user, limitOrder('buy', '1', '0.5', 'MATIC-USDT'));
    const before = await t.app.inject({ method: 'GET', url: '/api/v1/market/depth/MATIC-USDT' });
    t.trading.engine.forgetBooks();
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/market/depth/MATIC-USDT' });
    expect(after.json().data).toEqual(before.json().data);
  });
});

describe('house liquidity', () => {
  it('quotes around the reference price and fills a user order when the price moves through it', async () => {
    const runtime = t.trading;
    await runtime.liquidity.tick();
    const depth = await t.app.inject({ method: 'GET', url: '/api/v1/market/depth/BTC-USDT' });
    expect(depth.json().data.bids[0].price).toBe('59880.0');
    expect(depth.json().data.asks[0].price).toBe('60120.0');
    // A ladder: five levels a side, each 0.2% further out.
    expect(depth.json().data.bids.map((level: { price: string }) => level.price)).toEqual([
      '59880.0',
      '59760.0',
      '59640.0',
      '59520.0',
      '59400.0',
    ]);
    expect(depth.json().data.asks).toHaveLength(5);
    // Same price: nothing is replaced.
    await runtime.liquidity.tick();
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'USDT', '1000');
    expect((await place(t, user, limitOrder('buy', '0.01', '59000'))).statusCode).toBe(200);
    table.BTC = 5_800_000_000_000n;
    await runtime.liquidity.tick();
    const orders = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/limitorder/market/get-order-history',
      headers: user.headers,
    });
    expect(orders.json().data[0]).toMatchObject({ status: 'filled', filled_cost: '590.00000000' });
    // The user was the maker at 59000: 590 + 0.2% = 591.18.
    expect((await balances(t, user)).USDT).toEqual({ balance: '408.82000000', locked: '0.00000000' });
    expect((await balances(t, user)).BTC?.balance).toBe('0.01000000');
    const moved = await t.app.inject({ method: 'GET', url: '/api/v1/market/depth/BTC-USDT' });
    expect(moved.json().data.asks[0].price).toBe('58116.0');
    await expectLedgerConsistent(t.ctx.db);
    table.BTC = TEST_PRICES.BTC;
  });
});
