import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { createTestUser } from '../test/test-users';
import { connectTestSocket, type TestSocket } from '../test/ws-client';

/**
 * The app's WebSocket endpoint with its settings: the socket cap counts client networks as the HTTP
 * limits do (behind the proxy, the forwarded address; an IPv6 /64 is one client), and a socket that
 * floods `auth` frames gets only WS_AUTH_PER_MINUTE session reads before it is closed.
 */
describe('WebSocket limits of the app', () => {
  let t: TestApp;
  let url: string;
  const sockets: TestSocket[] = [];
  const connectFrom = async (address: string) => {
    const socket = await connectTestSocket(url, { headers: { 'x-forwarded-for': address } });
    sockets.push(socket);
    return socket;
  };
  const closed = (socket: TestSocket) =>
    new Promise<number>((resolve) => socket.socket.once('close', (code) => resolve(code)));

  beforeAll(async () => {
    t = await createTestApp({
      env: { TRUST_PROXY: '127.0.0.1', WS_CONNECTIONS_PER_ADDRESS: '2', WS_AUTH_PER_MINUTE: '3' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/ws`;
  });
  afterAll(async () => {
    for (const socket of sockets) await socket.close();
    await t.close();
  });

  it('refuses a third socket from another address of the same IPv6 /64', async () => {
    await connectFrom('2001:db8:aa:bb::1');
    await connectFrom('2001:db8:aa:bb::2');
    const third = await connectFrom('2001:db8:aa:bb:1234::3');
    const closing = closed(third);
    expect(await third.next((f) => f.op === 'error')).toMatchObject({ code: 'too_many_connections' });
    expect(await closing).toBe(1008);
    const otherNetwork = await connectFrom('2001:db8:aa:bc::1');
    otherNetwork.send({ op: 'ping' });
    expect(await otherNetwork.next((f) => f.op === 'pong')).toEqual({ op: 'pong' });
  });

  it('answers the auth budget of auth frames, then closes the socket (1008)', async () => {
    const user = await createTestUser(t);
    const token = user.headers.authorization.replace(/^Bearer /, '');
    const socket = await connectFrom('192.0.2.50');
    for (let i = 0; i < 3; i += 1) {
      socket.send({ op: 'auth', token });
      await socket.next((f) => f.op === 'authenticated');
    }
    const closing = closed(socket);
    for (let i = 0; i < 20; i += 1) socket.send({ op: 'auth', token });
    expect(await socket.next((f) => f.op === 'error')).toMatchObject({ code: 'too_many_frames' });
    expect(await closing).toBe(1008);
    expect(socket.frames.filter((f) => f.op === 'authenticated')).toHaveLength(3);
  });
});
