import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { connectTestSocket, type TestSocket } from '../../test/ws-client';
import {
  bearer,
  logIn,
  newestCode,
  PASSWORD,
  post,
  ROOMY_LIMITS,
  registerVerified,
  waitForMails,
} from './auth-test-helpers';

/**
 * Ending a sign-in ends its access tokens at once (they name their sign-in, which the guards check on
 * every request) and closes its live sockets, instead of leaving them usable until they expire.
 */
describe('revoking sign-ins', () => {
  let t: TestApp;
  let url: string;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { ...ROOMY_LIMITS } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/ws`;
  });
  afterAll(async () => {
    for (const socket of sockets) await socket.close();
    await t.close();
  });

  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });

  async function signedInSocket(token: string): Promise<TestSocket> {
    const socket = await connectTestSocket(url);
    sockets.push(socket);
    socket.send({ op: 'auth', token });
    await socket.next((f) => f.op === 'authenticated');
    return socket;
  }

  function closed(socket: TestSocket): Promise<number> {
    return new Promise((resolve) => {
      if (socket.socket.readyState === socket.socket.CLOSED) resolve(-1);
      socket.socket.once('close', (code) => resolve(code));
    });
  }

  it('logout: that access token gets 401 and its socket closes; another sign-in keeps working', async () => {
    await registerVerified(t, 'logout@example.com');
    const a = await logIn(t, 'logout@example.com');
    const b = await logIn(t, 'logout@example.com');
    const socketA = await signedInSocket(a.accessToken);
    const socketB = await signedInSocket(b.accessToken);
    const closing = closed(socketA);

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/logout',
      cookies: { refresh_token: a.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(a.accessToken)).statusCode).toBe(401);
    expect((await me(b.accessToken)).statusCode).toBe(200);
    expect(await closing).toBe(4001);
    expect(socketA.frames).toContainEqual(expect.objectContaining({ op: 'error', code: 'session_revoked' }));
    expect(socketB.socket.readyState).toBe(socketB.socket.OPEN);

    // A revoked token cannot sign a socket in again either.
    const retry = await connectTestSocket(url);
    sockets.push(retry);
    retry.send({ op: 'auth', token: a.accessToken });
    expect(await retry.next((f) => f.op === 'error')).toMatchObject({ code: 'unauthorized' });
  });

  it('password change: other sign-ins get 401 and lose their sockets, the changing one stays', async () => {
    await registerVerified(t, 'change@example.com');
    const here = await logIn(t, 'change@example.com');
    const elsewhere = await logIn(t, 'change@example.com');
    const socketHere = await signedInSocket(here.accessToken);
    const socketElsewhere = await signedInSocket(elsewhere.accessToken);
    const closing = closed(socketElsewhere);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/change',
      headers: bearer(here.accessToken),
      cookies: { refresh_token: here.refreshToken },
      payload: { current_password: PASSWORD, new_password: 'Moonrise#2027' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(elsewhere.accessToken)).statusCode).toBe(401);
    expect((await me(here.accessToken)).statusCode).toBe(200);
    expect(await closing).toBe(4001);
    expect(socketHere.socket.readyState).toBe(socketHere.socket.OPEN);
  });

  it('password reset: every access token of the account gets 401 and every socket closes', async () => {
    await registerVerified(t, 'reset@example.com');
    const session = await logIn(t, 'reset@example.com');
    const socket = await signedInSocket(session.accessToken);
    const closing = closed(socket);

    await post(t, '/auth/password/forget', { email: 'reset@example.com' });
    await waitForMails(t, 'reset@example.com', 2);
    const otp = await newestCode(t, 'reset@example.com', 2);
    const res = await post(t, '/auth/password/reset', {
      email: 'reset@example.com',
      otp,
      password: 'Moonrise#2027',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(session.accessToken)).statusCode).toBe(401);
    expect(await closing).toBe(4001);
  });

  it('caps signed-in sockets per user', async () => {
    await registerVerified(t, 'many@example.com');
    const session = await logIn(t, 'many@example.com');
    for (let i = 0; i < 10; i += 1) await signedInSocket(session.accessToken);
    const extra = await connectTestSocket(url);
    sockets.push(extra);
    const closing = closed(extra);
    extra.send({ op: 'auth', token: session.accessToken });
    expect(await extra.next((f) => f.op === 'error')).toMatchObject({ code: 'too_many_connections' });
    expect(await closing).toBe(1008);
  });
});
