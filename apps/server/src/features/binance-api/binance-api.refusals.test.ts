import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { balances, fund } from '../trading/trading-test-helpers';
import { createKey, signedInject, type TestKey } from './binance-api-test-helpers';

const BUY = {
  symbol: 'BTCUSDT',
  side: 'BUY',
  type: 'LIMIT',
  timeInForce: 'GTC',
  quantity: '0.001',
  price: '50000',
};

/** Who may call the Binance-compatible API and what it refuses, each with Binance's code (issue 39). */
describe('the Binance-compatible API refuses', () => {
  let t: TestApp;
  let owner: TestUser;
  let ownerKey: TestKey;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createTestUser(t, { kyc: true });
    await fund(t, owner, 'USDT', '1000');
    ownerKey = await createKey(t, owner);
  });
  afterAll(async () => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });

  it('a wrong signature (-1022), an expired timestamp (-1021), a read-only key placing an order (-2015)', async () => {
    const forged = await signedInject(t, ownerKey, 'POST', '/order', BUY, { secret: 'x'.repeat(64) });
    expect(forged).toMatchObject({ status: 400, body: { code: -1022 } });
    const stale = await signedInject(t, ownerKey, 'POST', '/order', BUY, { timestamp: Date.now() - 60_000 });
    expect(stale).toMatchObject({ status: 400, body: { code: -1021 } });
    const readOnly = await createKey(t, owner, { trade: false });
    const refused = await signedInject(t, readOnly, 'POST', '/order', BUY);
    expect(refused).toMatchObject({ status: 401, body: { code: -2015 } });
    // The read-only key still reads.
    expect((await signedInject(t, readOnly, 'GET', '/account', {})).status).toBe(200);
    expect((await balances(t, owner)).USDT?.locked).toMatch(/^0\.0+$/);
  });

  it('a revoked key at once (-2015), and a key used from outside its IP allow-list (-2015)', async () => {
    const key = await createKey(t, owner);
    expect((await signedInject(t, key, 'GET', '/openOrders', {})).status).toBe(200);
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/security/api-keys/${key.id}/revoke`,
      headers: owner.headers,
    });
    expect(revoked.statusCode).toBe(200);
    expect(await signedInject(t, key, 'GET', '/openOrders', {})).toMatchObject({
      status: 401,
      body: { code: -2015 },
    });

    const pinned = await createKey(t, owner, { ips: ['203.0.113.7'] });
    expect((await signedInject(t, pinned, 'GET', '/account', {}, { address: '203.0.113.7' })).status).toBe(
      200,
    );
    const elsewhere = await signedInject(t, pinned, 'GET', '/account', {}, { address: '198.51.100.9' });
    expect(elsewhere).toMatchObject({ status: 401, body: { code: -2015 } });
  });

  it('callers by kind: anonymous, another user, a user without KYC, an admin', async () => {
    // Anonymous: no key at all.
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v3/account?timestamp=1&signature=00' });
    expect(anonymous).toMatchObject({ statusCode: 401 });
    expect(anonymous.json()).toEqual({ code: -2014, msg: 'API-key format invalid.' });

    // Another user cannot see or cancel the owner's order: it does not exist for them.
    const placed = await signedInject(t, ownerKey, 'POST', '/order', BUY);
    expect(placed.status).toBe(200);
    const orderId = String(placed.body.orderId);
    const other = await createTestUser(t, { kyc: true });
    const otherKey = await createKey(t, other);
    const seen = await signedInject(t, otherKey, 'GET', '/order', { symbol: 'BTCUSDT', orderId });
    expect(seen).toMatchObject({ status: 400, body: { code: -2013, msg: 'Order does not exist.' } });
    const cancel = await signedInject(t, otherKey, 'DELETE', '/order', { symbol: 'BTCUSDT', orderId });
    expect(cancel).toMatchObject({ status: 400, body: { code: -2013 } });
    expect(await signedInject(t, otherKey, 'GET', '/openOrders', {})).toMatchObject({
      status: 200,
      body: [],
    });

    // Without KYC a key reads but does not trade: a trade key whose owner's KYC was withdrawn stops
    // trading at once, and a user without KYC only gets read keys.
    const unverified = await createTestUser(t, { kyc: true });
    const unverifiedKey = await createKey(t, unverified);
    await t.ctx.db.update(users).set({ isKycVerified: false }).where(eq(users.id, unverified.id));
    expect((await signedInject(t, unverifiedKey, 'GET', '/account', {})).status).toBe(200);
    expect(await signedInject(t, unverifiedKey, 'POST', '/order', BUY)).toMatchObject({
      status: 401,
      body: { code: -2015 },
    });

    // An admin is a customer like any other here: without KYC a read key only, and no reach into
    // another user's orders.
    const admin = await createTestUser(t, { role: 'ADMIN' });
    const adminKey = await createKey(t, admin, { trade: false });
    expect(await signedInject(t, adminKey, 'POST', '/order', BUY)).toMatchObject({
      status: 401,
      body: { code: -2015 },
    });
    expect(await signedInject(t, adminKey, 'GET', '/order', { symbol: 'BTCUSDT', orderId })).toMatchObject({
      status: 400,
      body: { code: -2013 },
    });
    // The owner cancels; a second cancel is refused as Binance refuses it.
    expect(
      (await signedInject(t, ownerKey, 'DELETE', '/order', { symbol: 'BTCUSDT', orderId })).body,
    ).toMatchObject({
      status: 'CANCELED',
    });
    expect(await signedInject(t, ownerKey, 'DELETE', '/order', { symbol: 'BTCUSDT', orderId })).toMatchObject(
      {
        status: 400,
        body: { code: -2011 },
      },
    );
    await expectLedgerConsistent(t.ctx.db);
  });

  it('bad input with Binance codes, never a 500, changing nothing', async () => {
    const before = await balances(t, owner);
    const cases: [Record<string, string>, number][] = [
      [{ ...BUY, symbol: 'NOPEUSDT' }, -1121],
      [{ ...BUY, side: 'UP' }, -1117],
      [{ ...BUY, type: 'STOP' }, -1116],
      [{ ...BUY, timeInForce: 'GTX' }, -1115],
      [{ ...BUY, quantity: '1e3' }, -1100],
      [{ ...BUY, price: '50000.05' }, -1013],
      [{ ...BUY, quantity: '0.0000001' }, -1013],
      [{ ...BUY, quantity: '0.00001', price: '0.1' }, -1013],
      [{ symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', price: '1' }, -1102],
      [{ ...BUY, quantity: '5' }, -2010],
    ];
    for (const [params, code] of cases) {
      const answer = await signedInject(t, ownerKey, 'POST', '/order', params);
      expect([answer.status, answer.body.code], JSON.stringify(params)).toEqual([400, code]);
    }
    expect(await balances(t, owner)).toEqual(before);
    expect((await get('/api/v3/depth')).json()).toMatchObject({ code: -1102 });
    expect((await get('/api/v3/depth?symbol=btcusdt')).json()).toMatchObject({ code: -1100 });
    expect((await get('/api/v3/klines?symbol=BTCUSDT&interval=7m')).json()).toMatchObject({ code: -1120 });
    expect((await get('/api/v3/trades?symbol=BTCUSDT&limit=5000')).json()).toMatchObject({ code: -1100 });
    expect((await get('/api/v3/ticker/price?symbols=BTCUSDT')).statusCode).toBe(400);
    const junk = await t.app.inject({
      method: 'POST',
      url: '/api/v3/order',
      headers: { 'content-type': 'application/json', 'x-mbx-apikey': ownerKey.apiKey },
      payload: '{"symbol":',
    });
    expect(junk.statusCode).toBeLessThan(500);
    expect(junk.json()).toHaveProperty('code');
  });

  it('answers the public endpoints in Binance shapes', async () => {
    expect((await get('/api/v3/ping')).json()).toEqual({});
    expect((await get('/api/v3/time')).json().serverTime).toBeTypeOf('number');
    const info = (await get('/api/v3/exchangeInfo?symbol=ETHUSDT')).json();
    expect(info.symbols).toHaveLength(1);
    expect(info.symbols[0]).toMatchObject({
      symbol: 'ETHUSDT',
      baseAsset: 'ETH',
      quoteAsset: 'USDT',
      status: 'TRADING',
    });
    expect(info.symbols[0].filters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ filterType: 'PRICE_FILTER', tickSize: '0.01' }),
        expect.objectContaining({ filterType: 'LOT_SIZE', stepSize: '0.00001', minQty: '0.00002' }),
        expect.objectContaining({ filterType: 'NOTIONAL', minNotional: '1' }),
      ]),
    );
    const prices = (await get('/api/v3/ticker/price')).json();
    expect(prices.map((p: { symbol: string }) => p.symbol)).toContain('BTCUSDT');
    expect((await get('/api/v3/ticker/bookTicker?symbol=BTCUSDT')).json()).toMatchObject({
      symbol: 'BTCUSDT',
    });
    expect((await get('/api/v3/klines?symbol=BTCUSDT&interval=1d&limit=2')).statusCode).toBe(200);
    expect((await get('/api/v3/nothing')).json()).toMatchObject({ code: -1000 });
  });
});
