import { messages as m } from '@exchange/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';

/** Every instant quote is a stored row, so each user has a budget of quotes per minute. */
describe('instant quote budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { QUOTE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(async () => t.close());

  const quote = (user: TestUser) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/quotes',
      headers: user.headers,
      payload: { side: 'buy', crypto_currency_code: 'BTC', quantity: '0.001' },
    });

  it('refuses a user’s quotes beyond the budget, and only that user’s', async () => {
    const a = await createTestUser(t, { kyc: true });
    const b = await createTestUser(t, { kyc: true });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await quote(a)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await quote(a)).json()).toEqual({
      status: false,
      message: m.tooManyRequests,
      code: 'rate_limited',
    });
    expect((await quote(b)).statusCode).toBe(200);
  });

  it('still refuses anonymous callers as before', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/wallet/quotes', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
