import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { depositViaSandbox } from '../../features/deposits/sandbox-deposit-test-helpers';
import { fund, limitOrder, place } from '../../features/trading/trading-test-helpers';
import { expectLedgerConsistent } from '../expect-ledger';
import { createTestApp, type TestApp } from '../test-app';
import { createTestUser, type TestUser } from '../test-users';
import { connectTestSocket, type TestSocket } from '../ws-client';

type Frame = Record<string, unknown>;
const BALANCE = { channel: 'user', data: { type: 'balance' } };
const balanceFrames = (socket: TestSocket) =>
  socket.frames.filter(
    (f: Frame) => f.channel === 'user' && (f.data as { type?: string })?.type === 'balance',
  );

/**
 * The ledger's one 'balance_event' notification reaches the private 'user' channel of exactly the users
 * whose accounts an entry touched, over a real WebSocket, whatever flow posted it.
 */
describe('balance events on the private user channel', () => {
  let t: TestApp;
  let url: string;
  const sockets: TestSocket[] = [];
  const connect = async () => {
    const socket = await connectTestSocket(url);
    sockets.push(socket);
    return socket;
  };
  const userSocket = async (user: TestUser) => {
    const socket = await connect();
    socket.send({ op: 'auth', token: user.headers.authorization.replace(/^Bearer /, '') });
    await socket.next((f) => f.op === 'authenticated');
    socket.send({ op: 'subscribe', channel: 'user' });
    await socket.next((f) => f.op === 'subscribed' && f.channel === 'user');
    return socket;
  };
  /** Waits for a balance frame after the ones already seen, so each flow proves its own event. */
  const nextBalance = (socket: TestSocket) => socket.next((f) => f.channel === 'user', 5_000);

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/ws`;
  });
  afterAll(async () => {
    for (const socket of sockets) await socket.close();
    await t.close();
  });

  it('a P2P transfer tells sender and receiver, never a third user or an anonymous socket', async () => {
    const alice = await createTestUser(t, { kyc: true });
    const carol = await createTestUser(t, { kyc: true });
    const eve = await createTestUser(t, { kyc: true });
    await fund(t, alice, 'ETH', '2');
    const aliceSocket = await userSocket(alice);
    const carolSocket = await userSocket(carol);
    const eveSocket = await userSocket(eve);
    const anonymous = await connect();
    anonymous.send({ op: 'subscribe', channel: 'user' });
    expect(await anonymous.next((f) => f.op === 'error')).toMatchObject({ code: 'unauthorized' });

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/p2p/transfer',
      headers: alice.headers,
      payload: { to_email: carol.email, amount: '0.5', from_crypto_currency_code: 'ETH' },
    });
    expect(res.statusCode).toBe(200);
    expect(await nextBalance(aliceSocket)).toEqual(BALANCE);
    expect(await nextBalance(carolSocket)).toEqual(BALANCE);
    // Eve's own event afterwards proves her socket was live; nothing of Alice's came before it.
    await fund(t, eve, 'ETH', '1');
    expect(await nextBalance(eveSocket)).toEqual(BALANCE);
    expect(balanceFrames(eveSocket)).toHaveLength(1);
    expect(anonymous.frames.filter((f) => f.channel === 'user')).toEqual([]);
  });

  it('an unauthenticated socket that asks for the channel gets nothing, even for its own money', async () => {
    const dan = await createTestUser(t, { kyc: true });
    const anonymous = await connect();
    anonymous.send({ op: 'subscribe', channel: 'user' });
    await anonymous.next((f) => f.op === 'error');
    const danSocket = await userSocket(dan);
    await fund(t, dan, 'USDT', '10');
    await nextBalance(danSocket);
    expect(anonymous.frames.filter((f) => f.channel === 'user')).toEqual([]);
  });

  it('a sandbox deposit tells the depositor', async () => {
    const frank = await createTestUser(t, { kyc: true });
    const socket = await userSocket(frank);
    await depositViaSandbox(t, frank, '25');
    expect(await nextBalance(socket)).toEqual(BALANCE);
  });

  it('a limit order fill tells both sides, and each sees the fill among its wallet transactions', async () => {
    const buyer = await createTestUser(t, { kyc: true });
    const seller = await createTestUser(t, { kyc: true });
    await fund(t, buyer, 'USDT', '1000');
    await fund(t, seller, 'BTC', '1');
    const buyerSocket = await userSocket(buyer);
    const sellerSocket = await userSocket(seller);
    expect((await place(t, buyer, limitOrder('buy', '0.01', '50001.5'))).statusCode).toBe(200);
    const beforeFill = balanceFrames(sellerSocket).length;
    expect((await place(t, seller, limitOrder('sell', '0.01', '50001.5'))).statusCode).toBe(200);
    await vi.waitFor(() => {
      expect(balanceFrames(sellerSocket).length).toBeGreaterThan(beforeFill);
      // The buyer's hold and then the fill: at least two events.
      expect(balanceFrames(buyerSocket).length).toBeGreaterThanOrEqual(2);
    });

    const list = async (user: TestUser) =>
      (
        await t.app.inject({ method: 'GET', url: '/api/v1/wallet/transactions', headers: user.headers })
      ).json().data as { operation: string; from: unknown; to: unknown; status: string }[];
    expect((await list(buyer)).find((row) => row.operation === 'LIMIT_BUY')).toMatchObject({
      status: 'SUCCESS',
      price: '50001.5',
      from: { currency_code: 'USDT' },
      to: { currency_code: 'BTC', amount: '0.01000000' },
    });
    expect((await list(seller)).find((row) => row.operation === 'LIMIT_SELL')).toMatchObject({
      status: 'SUCCESS',
      price: '50001.5',
      from: { currency_code: 'BTC', amount: '0.01000000' },
      to: { currency_code: 'USDT' },
    });
    await expectLedgerConsistent(t.ctx.db);
  });
});
