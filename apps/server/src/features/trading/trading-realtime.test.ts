import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { connectTestSocket, type TestSocket } from '../../test/ws-client';
import { fund, limitOrder, place } from './trading-test-helpers';

type Frame = Record<string, unknown>;
interface UserEvent {
  type: string;
  order?: { id: string; side: string; price: string; quantity: string; status: string; market_id: string };
}
interface Depth {
  market_id: string;
  bids: { price: string; quantity: string }[];
  asks: { price: string; quantity: string }[];
}

const userEvent = (frame: Frame) => (frame.channel === 'user' ? (frame.data as UserEvent) : undefined);
const orderEventFor = (orderId: string) => (frame: Frame) => userEvent(frame)?.order?.id === orderId;
/** A depth frame ('subscribed' control frames name the channel too, but carry no data). */
const depthOf = (frame: Frame) =>
  frame.channel === 'depth:BTC-USDT' ? (frame.data as Depth | undefined) : undefined;
const depthWithBid = (price: string, quantity: string) => (frame: Frame) =>
  !!depthOf(frame)?.bids.some((level) => level.price === price && level.quantity === quantity);

/**
 * Trading's live updates over a real WebSocket: the app listens on loopback, orders are placed over
 * HTTP, and the market engine's depth and per-user events must reach the right sockets.
 */
describe('trading realtime frames', () => {
  let t: TestApp;
  let url: string;
  const sockets: TestSocket[] = [];
  const connect = async () => {
    const socket = await connectTestSocket(url);
    sockets.push(socket);
    return socket;
  };
  /** A socket signed in as `user` and subscribed to its private 'user' channel. */
  const userSocket = async (user: TestUser) => {
    const socket = await connect();
    socket.send({ op: 'auth', token: user.headers.authorization.replace(/^Bearer /, '') });
    expect(await socket.next((f) => f.op === 'authenticated')).toEqual({
      op: 'authenticated',
      userId: user.id,
    });
    socket.send({ op: 'subscribe', channel: 'user' });
    await socket.next((f) => f.op === 'subscribed' && f.channel === 'user');
    return socket;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/ws`;
  });
  afterAll(async () => {
    for (const socket of sockets) await socket.close();
    await t.close();
  });

  it('a resting buy shows in the depth frames, and only its owner gets the order and balance events', async () => {
    const alice = await createTestUser(t, { kyc: true });
    const bob = await createTestUser(t, { kyc: true });
    await fund(t, alice, 'USDT', '1000');
    await fund(t, bob, 'USDT', '2000');

    const depth = await connect();
    depth.send({ op: 'subscribe', channel: 'depth:BTC-USDT' });
    await depth.next((f) => f.op === 'subscribed' && f.channel === 'depth:BTC-USDT');
    const aliceSocket = await userSocket(alice);
    const bobSocket = await userSocket(bob);
    // Not signed in: the private channel is refused.
    const anonymous = await connect();
    anonymous.send({ op: 'subscribe', channel: 'user' });
    expect(await anonymous.next((f) => f.op === 'error')).toMatchObject({ code: 'unauthorized' });

    const placed = await place(t, alice, limitOrder('buy', '0.01', '61234.5'));
    expect(placed.statusCode).toBe(200);

    const book = await depth.next(depthWithBid('61234.5', '0.010000'));
    expect((book.data as Depth).market_id).toBe('BTC-USDT');

    const orderFrame = await aliceSocket.next((f) => userEvent(f)?.type === 'order');
    const order = userEvent(orderFrame)!.order!;
    expect(order).toMatchObject({
      market_id: 'BTC-USDT',
      side: 'buy',
      price: '61234.5',
      quantity: '0.010000',
      status: 'open',
    });
    // The hold's balance event comes from the ledger's own notification, in the same transaction.
    await vi.waitFor(() =>
      expect(aliceSocket.frames).toContainEqual({ channel: 'user', data: { type: 'balance' } }),
    );

    // Bob's own order afterwards: his events arrive, and nothing of Alice's came before them on the
    // same socket (the server sent Alice's events first, so a leak would already be in his frames).
    expect((await place(t, bob, limitOrder('buy', '0.02', '61000.1'))).statusCode).toBe(200);
    const bobOrder = userEvent(await bobSocket.next((f) => userEvent(f)?.type === 'order'))!.order!;
    expect(bobOrder).toMatchObject({ price: '61000.1', quantity: '0.020000', side: 'buy' });
    expect(bobSocket.frames.filter(orderEventFor(order.id))).toEqual([]);
    expect(aliceSocket.frames.filter(orderEventFor(bobOrder.id))).toEqual([]);
    // Depth is public: both bids are on the book for every subscriber, anonymous or not.
    await depth.next(depthWithBid('61000.1', '0.020000'));
    expect(anonymous.frames.filter((f) => f.channel === 'user')).toEqual([]);
  });

  it('a new depth subscriber starts with the current book, and cancelling removes the level', async () => {
    const carol = await createTestUser(t, { kyc: true });
    await fund(t, carol, 'USDT', '1000');
    const carolSocket = await userSocket(carol);
    expect((await place(t, carol, limitOrder('buy', '0.01', '55555.5'))).statusCode).toBe(200);
    const order = userEvent(await carolSocket.next((f) => userEvent(f)?.order?.price === '55555.5'))!.order!;

    const late = await connect();
    late.send({ op: 'subscribe', channel: 'depth:BTC-USDT' });
    await late.next(depthWithBid('55555.5', '0.010000'), 2_000);

    const cancel = await t.app.inject({
      method: 'GET',
      url: `/api/v1/wallet/limitorder/market/cancle-open-order?market_id=BTC-USDT&order_id=${order.id}`,
      headers: carol.headers,
    });
    expect(cancel.statusCode).toBe(200);
    const after = await late.next((f) => {
      const book = depthOf(f);
      return !!book && !book.bids.some((level) => level.price === '55555.5');
    });
    expect((after.data as Depth).bids.length).toBeGreaterThan(0); // the first test's bids are still there
    expect(await carolSocket.next(orderEventFor(order.id))).toMatchObject({
      data: { type: 'order', order: { id: order.id, status: 'cancelled' } },
    });
  });

  it('a trade reaches the trades channel, newest first, without anyone polling', async () => {
    const maker = await createTestUser(t, { kyc: true });
    const taker = await createTestUser(t, { kyc: true });
    await fund(t, maker, 'BTC', '1');
    await fund(t, taker, 'USDT', '5000');
    const trades = await connect();
    trades.send({ op: 'subscribe', channel: 'trades:BTC-USDT' });
    await trades.next((f) => f.op === 'subscribed' && f.channel === 'trades:BTC-USDT');

    expect((await place(t, maker, limitOrder('sell', '0.01', '99999.9'))).statusCode).toBe(200);
    expect((await place(t, taker, limitOrder('buy', '0.01', '99999.9'))).statusCode).toBe(200);
    const frame = await trades.next(
      (f) =>
        f.channel === 'trades:BTC-USDT' &&
        Array.isArray(f.data) &&
        (f.data as { price: string }[])[0]?.price === '99999.9',
    );
    expect((frame.data as { side: string; quantity: string }[])[0]).toMatchObject({
      side: 'buy',
      quantity: '0.010000',
    });
  });
});
