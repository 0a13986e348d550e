import type { AssetCode, PricePoint } from '@exchange/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, TEST_PRICES, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { fund } from './trading-test-helpers';

// Prices observed at a chosen instant, so a test can let them age on the hand-moved clock.
const clock = new ManualClock(new Date('2026-03-01T12:00:00Z'));
let observedAt = clock.now();
const prices = {
  latest(asset: AssetCode): PricePoint | undefined {
    const usd = (TEST_PRICES as Partial<Record<AssetCode, bigint>>)[asset];
    return usd === undefined ? undefined : { asset, usd, at: observedAt };
  },
};

let t: TestApp;
beforeAll(async () => {
  // A $100,000 cap per coin: one BTC is $60,000 at the test prices.
  t = await createTestApp({ clock, env: { HOUSE_MAX_EXPOSURE_USD: '100000' }, deps: { prices } });
});
afterAll(async () => {
  await t.close();
});

function quote(user: TestUser, side: 'buy' | 'sell', quantity: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/quotes',
    headers: user.headers,
    payload: { side, crypto_currency_code: 'BTC', quantity },
  });
}

function instant(user: TestUser, side: 'buy' | 'sell', quantity: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/wallet/limitorder/limitInstant/${side}`,
    headers: user.headers,
    payload: {
      market_id: 'BTC-USDT',
      crypto_currency_code: 'BTC',
      fiat_currency_code: 'USD',
      quantity,
      type: 'instant',
      limitPrice: '',
      side,
    },
  });
}

async function bookTop() {
  const depth = (await t.app.inject({ method: 'GET', url: '/api/v1/market/depth/BTC-USDT' })).json().data;
  return {
    bids: depth.bids.map((l: { price: string }) => l.price),
    asks: depth.asks.map((l: { price: string }) => l.price),
  };
}

describe('instant quotes and an ageing price', () => {
  it('quote the reference while fresh, then widen against the user: 2 bps a second after 5 s', async () => {
    const user = await createTestUser(t, { kyc: true });
    observedAt = clock.now();
    expect((await quote(user, 'buy', '0.01')).json().data.price).toBe('60000.00000000');
    clock.advance(15_000);
    // 10 s past the grace period: 20 bps.
    expect((await quote(user, 'buy', '0.01')).json().data).toMatchObject({
      price: '60120.00000000',
      cost: '601.20',
    });
    expect((await quote(user, 'sell', '0.01')).json().data.price).toBe('59880.00000000');
    clock.advance(16_000);
    // Past PRICE_STALE_AFTER_SECONDS (30 s): refused outright.
    expect((await quote(user, 'buy', '0.01')).statusCode).toBe(503);
    observedAt = clock.now();
  });
});

describe('the house exposure cap', () => {
  it('refuses an instant trade that takes the house past the cap, and always lets it unwind', async () => {
    observedAt = clock.now();
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'USD', '200000');
    // The house sells 1 BTC ($60,000 short), then a second would make it $120,000.
    expect((await instant(user, 'buy', '1')).statusCode).toBe(200);
    const refused = await instant(user, 'buy', '1');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'house_exposure_limit',
      message: 'This side of the market is paused for this coin: please try a smaller amount or later',
    });
    expect((await quote(user, 'buy', '1')).json().code).toBe('house_exposure_limit');
    // Up to the cap still trades; a sale back to the house brings it towards zero and always passes.
    expect((await instant(user, 'buy', '0.5')).statusCode).toBe(200);
    expect((await instant(user, 'sell', '1.5')).statusCode).toBe(200);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('parallel instant buys, batched together, take the house exactly to the cap and no further', async () => {
    observedAt = clock.now();
    const buyers = await Promise.all(Array.from({ length: 4 }, () => createTestUser(t, { kyc: true })));
    for (const buyer of buyers) await fund(t, buyer, 'USD', '200000');
    // The house starts flat; one 1 BTC sale ($60,000) fits under the $100,000 cap, a second would not.
    const answers = await Promise.all(buyers.map((buyer) => instant(buyer, 'buy', '1')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((r) => r.statusCode !== 200))
      expect(refused.json().code).toBe('house_exposure_limit');
    const winner = buyers[answers.findIndex((r) => r.statusCode === 200)]!;
    expect((await instant(winner, 'sell', '1')).statusCode).toBe(200);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('withdraws the ladder side that would add to a position past the cap, keeps the other, and widens with age', async () => {
    observedAt = clock.now();
    await t.trading.liquidity.tick();
    expect(await bookTop()).toMatchObject({ bids: ['59880.0', '59760.0', '59640.0', '59520.0', '59400.0'] });
    expect((await bookTop()).asks).toHaveLength(5);

    // Coins leave the house's inventory (a user is given 2 BTC): it is $120,000 short, so it stops selling.
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'BTC', '2');
    await t.trading.liquidity.tick();
    expect((await bookTop()).asks).toEqual([]);
    expect((await bookTop()).bids).toHaveLength(5);

    // A price 15 s old moves every level 20 bps further out.
    observedAt = new Date(clock.now().getTime() - 15_000);
    await t.trading.liquidity.tick();
    expect((await bookTop()).bids[0]).toBe('59760.0');
    expect((await bookTop()).asks).toEqual([]);
    await expectLedgerConsistent(t.ctx.db);
  });
});
