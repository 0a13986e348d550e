import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { createKey, type TestKey } from '../binance-api/binance-api-test-helpers';
import { LISTEN_KEY_WEIGHT } from './binance-streams.routes';

/**
 * The listen key's endpoints spend Binance's request weight (2 each for POST, PUT and DELETE
 * /api/v3/userDataStream) from the same budgets as the rest of /api/v3: the address's and the key's.
 */
describe("the listen key's endpoints count Binance's request weight", () => {
  let t: TestApp;
  let key: TestKey;
  let otherKey: TestKey;
  let listenKey: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: { BINANCE_API_WEIGHT_PER_MINUTE_ADDRESS: '10', BINANCE_API_WEIGHT_PER_MINUTE_KEY: '6' },
    });
    key = await createKey(t, await createTestUser(t, { kyc: true }), { trade: false });
    otherKey = await createKey(t, await createTestUser(t, { kyc: true }), { trade: false });
  });
  afterAll(async () => t?.close());

  const userStream = (method: 'POST' | 'PUT' | 'DELETE', address: string, apiKey?: string, listenKey = '') =>
    t.app.inject({
      method,
      url: `/api/v3/userDataStream${listenKey ? `?listenKey=${listenKey}` : ''}`,
      headers: apiKey ? { 'x-mbx-apikey': apiKey } : {},
      remoteAddress: address,
    });

  it('weighs 2 each, per address, and refuses past the budget with 429, -1003 and Retry-After', async () => {
    expect(LISTEN_KEY_WEIGHT).toBe(2);
    const created = await userStream('POST', '198.51.100.7', key.apiKey);
    expect(created.statusCode).toBe(200);
    expect(created.headers['x-mbx-used-weight-1m']).toBe('2');
    listenKey = created.json().listenKey as string;
    // A request without a key or with a made-up one spends the address's weight all the same.
    const anonymous = await userStream('POST', '198.51.100.8');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['x-mbx-used-weight-1m']).toBe('2');
    const madeUp = await userStream('PUT', '198.51.100.8', 'x'.repeat(64), listenKey);
    expect(madeUp.statusCode).toBe(401);
    expect(madeUp.headers['x-mbx-used-weight-1m']).toBe('4');
    // Another user's key on the same address: 6, 8 and 10 are within the address's 10, 12 is not.
    for (const used of ['6', '8', '10']) {
      const res = await userStream('POST', '198.51.100.8', otherKey.apiKey);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-mbx-used-weight-1m']).toBe(used);
    }
    const over = await userStream('DELETE', '198.51.100.8', otherKey.apiKey, listenKey);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: -1003 });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("weighs 2 each from the key's budget too, whichever address it comes from", async () => {
    // The key spent 2 above; a PUT and a DELETE from two other addresses bring it to its 6.
    const kept = await userStream('PUT', '203.0.113.1', key.apiKey, listenKey);
    expect(kept.statusCode).toBe(200);
    const closed = await userStream('DELETE', '203.0.113.2', key.apiKey, listenKey);
    expect(closed.statusCode).toBe(200);
    const over = await userStream('POST', '203.0.113.3', key.apiKey);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: -1003 });
    // The address spent its 2 before the key was refused, and nothing else.
    expect(over.headers['x-mbx-used-weight-1m']).toBe('2');
  });
});
