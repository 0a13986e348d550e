import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { connectTestSocket, type TestSocket } from '../../test/ws-client';
import { fund } from '../trading/trading-test-helpers';
import { submitTestKyc } from './kyc-test-helpers';

type Frame = Record<string, unknown>;
const kycFrames = (socket: TestSocket) =>
  socket.frames.filter((f: Frame) => f.channel === 'user' && (f.data as { type?: string })?.type === 'kyc');

/**
 * An admin's KYC decision reaches the customer's own sockets on the private 'user' channel, carrying
 * the new status and nothing else, and only once the decision has committed.
 */
describe('KYC decisions on the private user channel', () => {
  let t: TestApp;
  let url: string;
  let admin: TestUser;
  let failingUserId = '';
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
  const nextKyc = (socket: TestSocket) =>
    socket.next((f) => f.channel === 'user' && (f.data as { type?: string })?.type === 'kyc');
  const decide = (user: TestUser, kycId: string, status: 'APPROVED' | 'REJECTED', reason?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/verify-kyc',
      headers: admin.headers,
      payload: { user_id: user.id, kyc_id: kycId, status, ...(reason ? { reason } : {}) },
    });

  beforeAll(async () => {
    t = await createTestApp({
      deps: {
        kycApprovalEffects: [
          async (_tx: unknown, userId: string) => {
            if (userId === failingUserId) throw new Error('reward failed');
          },
        ],
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/ws`;
    admin = await createTestUser(t, { role: 'ADMIN' });
  });
  afterAll(async () => {
    for (const socket of sockets) await socket.close();
    await t.close();
  });

  it("an approval tells every socket of the customer, never another user's or an anonymous one", async () => {
    const carol = await createTestUser(t);
    const eve = await createTestUser(t);
    const carolKyc = await submitTestKyc(t, carol);
    const eveKyc = await submitTestKyc(t, eve);
    const carolPhone = await userSocket(carol);
    const carolLaptop = await userSocket(carol);
    const eveSocket = await userSocket(eve);
    const anonymous = await connect();
    anonymous.send({ op: 'subscribe', channel: 'user' });
    expect(await anonymous.next((f) => f.op === 'error')).toMatchObject({ code: 'unauthorized' });

    expect((await decide(carol, carolKyc, 'APPROVED')).statusCode).toBe(200);
    // The new status only: no documents, no reviewer.
    const approved = { channel: 'user', data: { type: 'kyc', status: 'APPROVED' } };
    expect(await nextKyc(carolPhone)).toEqual(approved);
    expect(await nextKyc(carolLaptop)).toEqual(approved);

    // Eve's own decision afterwards proves her socket was live; nothing of Carol's came before it.
    expect((await decide(eve, eveKyc, 'REJECTED', 'The photo is blurred')).statusCode).toBe(200);
    expect(await nextKyc(eveSocket)).toEqual({ channel: 'user', data: { type: 'kyc', status: 'REJECTED' } });
    expect(kycFrames(eveSocket)).toHaveLength(1);
    expect(kycFrames(carolPhone)).toHaveLength(1);
    expect(anonymous.frames.filter((f) => f.channel === 'user')).toEqual([]);
  });

  it('a decision that rolls back, or comes second, tells nobody', async () => {
    const dan = await createTestUser(t);
    const danKyc = await submitTestKyc(t, dan);
    const danSocket = await userSocket(dan);
    failingUserId = dan.id;
    expect((await decide(dan, danKyc, 'APPROVED')).statusCode).toBe(500);
    failingUserId = '';
    expect((await decide(dan, danKyc, 'REJECTED', 'Expired document')).statusCode).toBe(200);
    expect((await decide(dan, danKyc, 'APPROVED')).statusCode).toBe(409);
    // A later balance event arrives after anything those decisions could have sent (notifications come
    // in commit order): the rejection is the one KYC event.
    await fund(t, dan, 'USDT', '1');
    await danSocket.next((f) => f.channel === 'user' && (f.data as { type?: string })?.type === 'balance');
    expect(kycFrames(danSocket)).toEqual([{ channel: 'user', data: { type: 'kyc', status: 'REJECTED' } }]);
  });
});
