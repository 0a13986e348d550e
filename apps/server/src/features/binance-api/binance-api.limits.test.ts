import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { fund } from '../trading/trading-test-helpers';
import { createKey, signedInject } from './binance-api-test-helpers';

/** Request weights (issue 39): Binance's headers, and 429 with Retry-After past a budget. */
describe('the Binance-compatible API budgets request weight', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { BINANCE_API_WEIGHT_PER_MINUTE_ADDRESS: '60', BINANCE_API_WEIGHT_PER_MINUTE_KEY: '30' },
    });
  });
  afterAll(async () => t?.close());

  it('per client address: the used weight in X-MBX-USED-WEIGHT-1M, then 429 with Retry-After', async () => {
    const from = (address: string) =>
      t.app.inject({ method: 'GET', url: '/api/v3/exchangeInfo', remoteAddress: address });
    const first = await from('198.51.100.1');
    expect(first.headers['x-mbx-used-weight-1m']).toBe('20');
    await from('198.51.100.1');
    await from('198.51.100.1');
    const over = await from('198.51.100.1');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: -1003 });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own budget.
    expect((await from('198.51.100.2')).statusCode).toBe(200);
  });

  it('per API key, whichever address it comes from', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'USDT', '100');
    const key = await createKey(t, user);
    // GET /account weighs 20: the second one passes the key's 30.
    const first = await signedInject(t, key, 'GET', '/account', {}, { address: '203.0.113.1' });
    expect(first.status).toBe(200);
    const second = await signedInject(t, key, 'GET', '/account', {}, { address: '203.0.113.2' });
    expect(second).toMatchObject({ status: 429, body: { code: -1003 } });
    expect(second.headers['retry-after']).toBeDefined();
  });
});
