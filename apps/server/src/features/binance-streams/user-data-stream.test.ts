import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiListenKeys } from '../../db/schema';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { createKey, listen, signedFetch, type TestKey } from '../binance-api/binance-api-test-helpers';
import { fund } from '../trading/trading-test-helpers';
import { openStream, refusedWith } from './binance-streams-test-helpers';

/** POST / PUT / DELETE /api/v3/userDataStream with the key in its header alone, as Binance takes them. */
async function userStream(
  base: string,
  method: 'POST' | 'PUT' | 'DELETE',
  apiKey?: string,
  listenKey?: string,
) {
  const res = await fetch(`${base}/api/v3/userDataStream${listenKey ? `?listenKey=${listenKey}` : ''}`, {
    method,
    headers: apiKey ? { 'x-mbx-apikey': apiKey } : {},
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const limitBuy = (price: string) => ({
  symbol: 'BTCUSDT',
  side: 'BUY',
  type: 'LIMIT',
  timeInForce: 'GTC',
  quantity: '0.001',
  price,
});

describe("Binance's user data stream by listen key", () => {
  let t: TestApp;
  let base: string;
  let aliceKey: TestKey;
  let bobKey: TestKey;

  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t);
    const alice = await createTestUser(t, { kyc: true });
    const bob = await createTestUser(t, { kyc: true });
    await fund(t, alice, 'USDT', '1000');
    await fund(t, bob, 'USDT', '1000');
    aliceKey = await createKey(t, alice, { trade: true });
    bobKey = await createKey(t, bob, { trade: true });
  });
  afterAll(async () => t?.close());

  it('hands out a listen key to an API key only, the same one again while it lives', async () => {
    expect(await userStream(base, 'POST')).toEqual({
      status: 401,
      body: { code: -2014, msg: 'API-key format invalid.' },
    });
    expect(await userStream(base, 'POST', 'x'.repeat(64))).toEqual({
      status: 401,
      body: { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' },
    });
    const first = await userStream(base, 'POST', aliceKey.apiKey);
    expect(first.status).toBe(200);
    expect(first.body.listenKey).toMatch(/^[A-Za-z0-9]{60}$/);
    expect((await userStream(base, 'POST', aliceKey.apiKey)).body).toEqual(first.body);
    // Another account's key cannot keep it alive or close it, and learns nothing of it.
    const listenKey = String(first.body.listenKey);
    const refused = { status: 400, body: { code: -1125, msg: 'This listenKey does not exist.' } };
    expect(await userStream(base, 'PUT', bobKey.apiKey, listenKey)).toEqual(refused);
    expect(await userStream(base, 'DELETE', bobKey.apiKey, listenKey)).toEqual(refused);
    expect(await userStream(base, 'PUT', aliceKey.apiKey, listenKey)).toEqual({ status: 200, body: {} });
    expect(await userStream(base, 'PUT', aliceKey.apiKey)).toMatchObject({
      status: 400,
      body: { code: -1102 },
    });
  });

  it('gives a read-only key of a customer without KYC, and an admin, their own listen key', async () => {
    for (const options of [{ kyc: false }, { kyc: true, role: 'ADMIN' as const }]) {
      const user = await createTestUser(t, options);
      const key = await createKey(t, user, { trade: false });
      const answer = await userStream(base, 'POST', key.apiKey);
      expect(answer.status).toBe(200);
      expect(answer.body.listenKey).toMatch(/^[A-Za-z0-9]{60}$/);
    }
  });

  it("streams the account's own order and balance events, and nothing of another account's", async () => {
    const aliceListen = String((await userStream(base, 'POST', aliceKey.apiKey)).body.listenKey);
    const bobListen = String((await userStream(base, 'POST', bobKey.apiKey)).body.listenKey);
    const alice = await openStream(base, `/ws/${aliceListen}`);
    const bob = await openStream(base, `/stream?streams=${bobListen}/btcusdt@bookTicker`);

    const placed = await signedFetch(base, aliceKey, 'POST', '/order', limitBuy('40000'));
    expect(placed.status).toBe(200);
    const report = await alice.next((f) => f.e === 'executionReport');
    expect(report).toMatchObject({
      s: 'BTCUSDT',
      S: 'BUY',
      o: 'LIMIT',
      f: 'GTC',
      x: 'NEW',
      X: 'NEW',
      i: placed.body.orderId,
      c: placed.body.clientOrderId,
      q: '0.001000',
      p: '40000.0',
    });
    const position = await alice.next((f) => f.e === 'outboundAccountPosition');
    expect(position.B).toEqual([{ a: 'USDT', f: '959.92000000', l: '40.08000000' }]);

    const cancelled = await signedFetch(base, aliceKey, 'DELETE', '/order', {
      symbol: 'BTCUSDT',
      orderId: String(placed.body.orderId),
    });
    expect(cancelled.status).toBe(200);
    expect(await alice.next((f) => f.x === 'CANCELED')).toMatchObject({
      X: 'CANCELED',
      i: placed.body.orderId,
    });
    // Bob's combined socket saw the public book ticker move, but none of Alice's events.
    await bob.next((f) => f.stream === 'btcusdt@bookTicker');
    expect(bob.frames.filter((f) => f.stream === bobListen)).toEqual([]);
    alice.socket.close();
    bob.socket.close();
    await expectLedgerConsistent(t.ctx.db);
  });

  it('closes a deleted key at once and refuses it, and an expired one, before any upgrade', async () => {
    const listenKey = String((await userStream(base, 'POST', bobKey.apiKey)).body.listenKey);
    const socket = await openStream(base, `/ws/${listenKey}`);
    expect(await userStream(base, 'DELETE', bobKey.apiKey, listenKey)).toEqual({ status: 200, body: {} });
    expect(await socket.next((f) => f.e === 'listenKeyExpired')).toMatchObject({ listenKey });
    await socket.closed;
    expect(await refusedWith(base, `/ws/${listenKey}`)).toBe(400);
    expect(await refusedWith(base, `/ws/${'A'.repeat(60)}`)).toBe(400);

    // An hour without a PUT: the key is refused (its open sockets close at the minute's check), and
    // the next POST hands out a new one.
    const again = String((await userStream(base, 'POST', bobKey.apiKey)).body.listenKey);
    expect(again).not.toBe(listenKey);
    await t.ctx.db.update(apiListenKeys).set({ expiresAt: new Date(Date.now() - 1_000) });
    expect(await refusedWith(base, `/stream?streams=btcusdt@trade/${again}`)).toBe(400);
    expect(await userStream(base, 'PUT', bobKey.apiKey, again)).toMatchObject({
      status: 400,
      body: { code: -1125 },
    });
    const fresh = String((await userStream(base, 'POST', bobKey.apiKey)).body.listenKey);
    expect(fresh).not.toBe(again);
    expect(await refusedWith(base, `/ws/${fresh}`)).toBeUndefined();
  });
});

describe('a revoked API key', () => {
  let t: TestApp;
  let base: string;
  afterAll(async () => t?.close());

  it('ends its listen key socket and its WebSocket API subscription at once', async () => {
    t = await createTestApp();
    base = await listen(t);
    const carol = await createTestUser(t, { kyc: true });
    const key = await createKey(t, carol, { trade: false });
    const listenKey = String((await userStream(base, 'POST', key.apiKey)).body.listenKey);
    const byListenKey = await openStream(base, `/ws/${listenKey}`);
    const wsApi = await openStream(base, '/ws-api/v3');
    const params = { apiKey: key.apiKey, timestamp: String(Date.now()) };
    const signature = createHmac('sha256', key.secret)
      .update(`apiKey=${params.apiKey}&timestamp=${params.timestamp}`)
      .digest('hex');
    wsApi.send({ id: 1, method: 'userDataStream.subscribe.signature', params: { ...params, signature } });
    expect(await wsApi.next((f) => f.id === 1)).toMatchObject({ status: 200 });

    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/security/api-keys/${key.id}/revoke`,
      headers: carol.headers,
    });
    expect(revoked.statusCode).toBe(200);
    expect(await byListenKey.next((f) => f.e === 'listenKeyExpired')).toMatchObject({ listenKey });
    expect(await wsApi.next((f) => f.subscriptionId === 0)).toMatchObject({
      event: { e: 'eventStreamTerminated' },
    });
    expect(await refusedWith(base, `/ws/${listenKey}`)).toBe(400);
  });
});
