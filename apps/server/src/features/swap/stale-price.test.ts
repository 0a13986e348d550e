import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { fixedPrices } from '../../platform/prices';
import { createTestApp, TEST_PRICES, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { balances, fund } from '../trading/trading-test-helpers';

// Prices observed once, at the start: moving the clock past PRICE_STALE_AFTER_SECONDS makes them stale.
const clock = new ManualClock(new Date());
const observedAt = clock.now();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, deps: { prices: fixedPrices(TEST_PRICES, () => observedAt) } });
});
afterAll(async () => {
  await t.close();
});

describe('a stale price', () => {
  it('refuses a swap (three dots) and a MULTI purchase (two dots) with 503, and nothing moves', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'ETH', '1');
    clock.advance((t.ctx.config.priceStaleAfterSeconds + 1) * 1000);
    const body = { from_crypto_currency_code: 'ETH', from_amount: '0.5' };
    const swap = await t.app.inject({
      method: 'POST',
      url: '/api/v1/swap',
      headers: user.headers,
      payload: { ...body, to_crypto_currency_code: 'BTC' },
    });
    expect(swap.statusCode).toBe(503);
    expect(swap.json().message).toBe('Network error please try again after some time...');
    const multi = await t.app.inject({
      method: 'POST',
      url: '/api/v1/swap/multi',
      headers: user.headers,
      payload: { ...body, to_crypto_currency_code: 'MULTI' },
    });
    expect(multi.statusCode).toBe(503);
    expect(multi.json().message).toBe('Network error please try again after some time..');
    expect((await balances(t, user)).ETH?.balance).toBe('1.00000000');
  });
});
