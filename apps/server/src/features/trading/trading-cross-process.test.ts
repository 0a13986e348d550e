import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { createAppContext, type ZodApi } from '../../platform/app-context';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { connectTestSocket, type TestSocket } from '../../test/ws-client';
import { notifyingOwn, parseTradingNotification, tradingPayloads } from './trading-events';
import { fund, limitOrder, place } from './trading-test-helpers';

type Frame = Record<string, unknown>;
interface Depth {
  market_id: string;
  bids: { price: string; quantity: string }[];
}
const userEvent = (frame: Frame) =>
  frame.channel === 'user'
    ? (frame.data as { type: string; order?: { id: string; price: string } })
    : undefined;
const depthWithBid = (price: string) => (frame: Frame) =>
  frame.channel === 'depth:BTC-USDT' &&
  !!(frame.data as Depth | undefined)?.bids.some((level) => level.price === price);

const wsUrl = (app: ZodApi) => `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/ws`;
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/**
 * Two server processes on one database (two apps, each with its own hub and LISTEN connection): a
 * command run by app A reaches the sockets connected to app B through PostgreSQL NOTIFY, and each
 * socket gets each frame once.
 */
describe('trading frames across processes', () => {
  let a: TestApp;
  let b: ZodApi;
  const sockets: TestSocket[] = [];
  const connect = async (app: ZodApi) => {
    const socket = await connectTestSocket(wsUrl(app));
    sockets.push(socket);
    return socket;
  };
  const userSocket = async (app: ZodApi, user: TestUser) => {
    const socket = await connect(app);
    socket.send({ op: 'auth', token: user.headers.authorization.replace(/^Bearer /, '') });
    await socket.next((f) => f.op === 'authenticated');
    socket.send({ op: 'subscribe', channel: 'user' });
    await socket.next((f) => f.op === 'subscribed' && f.channel === 'user');
    return socket;
  };
  const depthSocket = async (app: ZodApi) => {
    const socket = await connect(app);
    socket.send({ op: 'subscribe', channel: 'depth:BTC-USDT' });
    await socket.next((f) => f.op === 'subscribed');
    return socket;
  };

  beforeAll(async () => {
    a = await createTestApp();
    b = (await buildApp(createAppContext({ ...a.ctx }))).app;
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) await socket.close();
    await b?.close();
    await a?.close();
  });

  it("an order placed on app A reaches app B's depth subscribers and only its owner's socket on B", async () => {
    const alice = await createTestUser(a, { kyc: true });
    const bob = await createTestUser(a, { kyc: true });
    await fund(a, alice, 'USDT', '1000');
    const depthOnB = await depthSocket(b);
    const depthOnA = await depthSocket(a.app);
    const aliceOnB = await userSocket(b, alice);
    const aliceOnA = await userSocket(a.app, alice);
    const bobOnB = await userSocket(b, bob);

    expect((await place(a, alice, limitOrder('buy', '0.01', '61234.5', 'BTC-USDT'))).statusCode).toBe(200);

    const book = await depthOnB.next(depthWithBid('61234.5'));
    expect(book.data).toMatchObject({
      market_id: 'BTC-USDT',
      bids: [{ price: '61234.5', quantity: '0.010000' }],
    });
    const orderOnB = await aliceOnB.next((f) => userEvent(f)?.type === 'order');
    expect(userEvent(orderOnB)?.order).toMatchObject({
      price: '61234.5',
      status: 'open',
      market_id: 'BTC-USDT',
    });
    // The balance event is the ledger's notification from the same transaction; it may come first.
    await vi.waitFor(() => expect(aliceOnB.frames.some((f) => userEvent(f)?.type === 'balance')).toBe(true));
    // App A's own sockets get the frames too.
    await depthOnA.next(depthWithBid('61234.5'));
    await aliceOnA.next((f) => userEvent(f)?.type === 'order');

    // Nothing arrives twice, and Bob hears nothing of Alice's order.
    await settle();
    for (const socket of [depthOnA, depthOnB]) {
      expect(socket.frames.filter(depthWithBid('61234.5'))).toHaveLength(1);
    }
    for (const socket of [aliceOnA, aliceOnB]) {
      expect(socket.frames.filter((f) => userEvent(f)?.type === 'order')).toHaveLength(1);
      expect(socket.frames.filter((f) => userEvent(f)?.type === 'balance')).toHaveLength(1);
    }
    expect(bobOnB.frames.filter((f) => userEvent(f) !== undefined)).toEqual([]);
  });

  it('a cancel through app B reaches the owner on app A', async () => {
    const carol = await createTestUser(a, { kyc: true });
    await fund(a, carol, 'USDT', '1000');
    const carolOnA = await userSocket(a.app, carol);
    const depthOnA = await depthSocket(a.app);
    const placed = await place({ app: b }, carol, limitOrder('buy', '0.01', '60111.5', 'BTC-USDT'));
    expect(placed.statusCode).toBe(200);
    const order = userEvent(await carolOnA.next((f) => userEvent(f)?.type === 'order'))!.order!;
    await depthOnA.next(depthWithBid('60111.5'));
    const cancel = await b.inject({
      method: 'GET',
      url: `/api/v1/wallet/limitorder/market/cancle-open-order?market_id=BTC-USDT&order_id=${order.id}`,
      headers: carol.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect(await carolOnA.next((f) => userEvent(f)?.order?.id === order.id)).toMatchObject({
      data: { type: 'order', order: { id: order.id, status: 'cancelled' } },
    });
    await depthOnA.next((f) => f.channel === 'depth:BTC-USDT' && !depthWithBid('60111.5')(f));
  });
});

describe('trading notification payloads', () => {
  const depth = {
    market_id: 'BTC-USDT',
    bids: Array.from({ length: 20 }, (_, i) => ({ price: `${60000 - i}.5`, quantity: '1.000000' })),
    asks: Array.from({ length: 20 }, (_, i) => ({ price: `${60001 + i}.5`, quantity: '1.000000' })),
  };
  const balance = (userId: string) => [userId, { type: 'balance' as const }] as const;

  it('carries a full 20-level depth in one notification under the limit', () => {
    const { payloads } = tradingPayloads({ marketId: 'BTC-USDT', depth, userEvents: [balance('u1')] });
    expect(payloads).toHaveLength(1);
    expect(Buffer.byteLength(payloads[0]!)).toBeLessThan(8000);
    expect(JSON.parse(payloads[0]!)).toMatchObject({
      m: 'BTC-USDT',
      d: depth,
      u: [['u1', { type: 'balance' }]],
    });
  });

  it('splits many user events into ordered parts under the limit, and falls back when depth is too big', () => {
    const users = Array.from({ length: 300 }, (_, i) => balance(`user-${i}`));
    const { payloads, dropped } = tradingPayloads({
      marketId: 'BTC-USDT',
      depth,
      userEvents: users,
      maxBytes: 1000,
    });
    expect(dropped).toBe(0);
    expect(payloads.length).toBeGreaterThan(1);
    const parsed = payloads.map((p) => JSON.parse(p));
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(1000);
    expect(parsed.map((p) => p.n)).toEqual(parsed.map((_, i) => i));
    expect(parsed[0]).toMatchObject({ depth: true });
    expect(parsed.every((p) => p.d === undefined)).toBe(true);
    expect(parsed.flatMap((p) => p.u.map((u: [string]) => u[0]))).toEqual(users.map((u) => u[0]));
    // Each part is as full as the limit allows: with the next part's first event it would not fit.
    for (const [i, p] of parsed.slice(0, -1).entries()) {
      const next = parsed[i + 1].u[0];
      expect(Buffer.byteLength(JSON.stringify({ ...p, u: [...p.u, next] }))).toBeGreaterThan(1000);
    }
  });

  it('sizes every part exactly, whatever the events hold', () => {
    const events = Array.from({ length: 120 }, (_, i) =>
      i % 3 === 0
        ? balance(`ü-${'é'.repeat(i % 17)}-${i}`)
        : ([`user-${i}`, { type: 'balance' as const }] as const),
    );
    for (const maxBytes of [60, 200, 777, 7_900]) {
      const { payloads, dropped } = tradingPayloads({
        marketId: 'ETH-USDT',
        traded: true,
        userEvents: events,
        maxBytes,
      });
      const parsed = payloads.map((p) => JSON.parse(p));
      for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(maxBytes);
      expect(parsed.reduce((n, p) => n + p.u.length, 0) + dropped).toBe(events.length);
      for (const [i, p] of parsed.slice(0, -1).entries()) {
        const next = parsed[i + 1].u[0];
        expect(Buffer.byteLength(JSON.stringify({ ...p, u: [...p.u, next] }))).toBeGreaterThan(maxBytes);
      }
    }
  });

  it("reads a notification back once for all of a process's listeners, and refuses a malformed one", () => {
    const { payloads } = tradingPayloads({
      marketId: 'BTC-USDT',
      depth,
      depthSeq: 42n,
      traded: true,
      userEvents: [balance('u1'), balance('u2')],
    });
    const text = payloads[0]!;
    const first = parseTradingNotification(text);
    expect(first).toEqual({
      m: 'BTC-USDT',
      n: 0,
      d: depth,
      s: '42',
      t: true,
      u: [balance('u1'), balance('u2')],
    });
    // The second listener handed the same text gets the same object, not a second parse.
    expect(parseTradingNotification(text)).toBe(first);
    expect(parseTradingNotification('{"m":"BTC-USDT"')).toBeUndefined();
    expect(parseTradingNotification('{"m":"BTC-USDT","n":0}')).toBeUndefined();
    expect(parseTradingNotification(text)).toEqual(first);
  });

  it("reads its own batches' texts back without the check, as the check would read them, once each", () => {
    const build = (userId: string) =>
      tradingPayloads({ marketId: 'BTC-USDT', depth, depthSeq: 7n, userEvents: [balance(userId)] }).payloads;
    const checked = parseTradingNotification(build('checked')[0]!);
    const own = build('own');
    notifyingOwn(own);
    expect(parseTradingNotification(own[0]!)).toEqual({ ...checked, u: [balance('own')] });
    // What the process noted as its own is taken as written: even a text the check would refuse
    // (not one tradingPayloads writes). Read once, it is forgotten, and checked the next time.
    const odd = '{"m":"BTC-USDT","n":0}';
    notifyingOwn([odd]);
    expect(parseTradingNotification(odd)).toEqual({ m: 'BTC-USDT', n: 0 });
    parseTradingNotification(own[0]!);
    expect(parseTradingNotification(odd)).toBeUndefined();
  });
});
