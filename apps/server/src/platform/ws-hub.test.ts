import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestSocket, type TestSocket } from '../test/ws-client';
import { createTokenService } from './auth';
import { ManualClock } from './clock';
import { createLogger } from './logger';
import { createWsHub, type WsHub } from './ws-hub';

const ALICE = '00000000-0000-4000-8000-00000000000a';
const BOB = '00000000-0000-4000-8000-00000000000b';

/**
 * The hub's rules for the channels later features add on the same socket: private per-user channels
 * behind the access token, channel families with known keys, a cap per socket, and heartbeats.
 */
describe('WebSocket hub', () => {
  const clock = new ManualClock(new Date('2026-03-01T12:00:00Z'));
  const tokens = createTokenService('a-test-secret-that-is-long-enough-0001', 900, () => clock.now());
  let server: FastifyInstance;
  let hub: WsHub;
  let url: string;
  const sockets: TestSocket[] = [];
  const connect = async (options = {}) => {
    const socket = await connectTestSocket(url, options);
    sockets.push(socket);
    return socket;
  };
  const signedIn = async (userId: string) => {
    const socket = await connect();
    socket.send({
      op: 'auth',
      token: await tokens.signAccessToken({ userId, role: 'USER', sessionId: randomUUID() }),
    });
    await socket.next((f) => f.op === 'authenticated');
    return socket;
  };

  beforeAll(async () => {
    hub = createWsHub({
      tokens,
      clock,
      logger: createLogger('silent'),
      maxSubscriptionsPerSocket: 3,
      heartbeatMs: 100,
    });
    hub.defineChannel({ name: 'user', private: true });
    hub.defineChannel({
      name: 'depth:',
      accepts: (channel) => ['depth:BTC-USDT', 'depth:ETH-USDT'].includes(channel),
    });
    hub.defineChannel({ name: 'a' });
    hub.defineChannel({ name: 'b' });
    server = Fastify();
    await server.register(websocket);
    server.get('/ws', { websocket: true }, (socket) => hub.accept(socket));
    await server.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(server.server.address() as AddressInfo).port}/ws`;
  });
  afterAll(async () => {
    for (const socket of sockets) await socket.close();
    hub.close();
    await server.close();
  });

  it('needs an access token for a private channel and delivers only the user’s own events', async () => {
    const anonymous = await connect();
    anonymous.send({ op: 'subscribe', channel: 'user' });
    expect(await anonymous.next((f) => f.op === 'error')).toMatchObject({ code: 'unauthorized' });

    const alice = await signedIn(ALICE);
    const bob = await signedIn(BOB);
    for (const socket of [alice, bob]) {
      socket.send({ op: 'subscribe', channel: 'user' });
      await socket.next((f) => f.op === 'subscribed');
    }
    hub.publishToUser('user', ALICE, { balance: 'changed' });
    expect(await alice.next((f) => f.channel === 'user')).toEqual({
      channel: 'user',
      data: { balance: 'changed' },
    });
    bob.send({ op: 'ping' });
    await bob.next((f) => f.op === 'pong');
    expect(bob.frames.some((f) => f.channel === 'user' && 'data' in f)).toBe(false);
    expect(() => hub.publish('user', {})).toThrow();
  });

  it('drops private channels when the access token expires', async () => {
    const alice = await signedIn(ALICE);
    alice.send({ op: 'subscribe', channel: 'user' });
    await alice.next((f) => f.op === 'subscribed');
    clock.advance(901_000);
    hub.publishToUser('user', ALICE, { late: true });
    expect(await alice.next((f) => f.op === 'error')).toMatchObject({ code: 'auth_expired' });
    expect(alice.frames.some((f) => f.channel === 'user' && 'data' in f)).toBe(false);
    alice.send({ op: 'subscribe', channel: 'user' });
    expect(await alice.next((f) => f.op === 'error')).toMatchObject({ code: 'unauthorized' });
  });

  it('sends a socket that signs in again as another user only that user’s events, after it subscribes again', async () => {
    const socket = await signedIn(ALICE);
    socket.send({ op: 'subscribe', channel: 'user' });
    await socket.next((f) => f.op === 'subscribed');
    socket.send({
      op: 'auth',
      token: await tokens.signAccessToken({ userId: BOB, role: 'USER', sessionId: randomUUID() }),
    });
    await socket.next((f) => f.op === 'authenticated' && f.userId === BOB);
    // The private channel was dropped with Alice's sign-in: neither user's events arrive until Bob subscribes.
    hub.publishToUser('user', ALICE, { for: 'alice' });
    hub.publishToUser('user', BOB, { for: 'bob, too early' });
    socket.send({ op: 'subscribe', channel: 'user' });
    await socket.next((f) => f.op === 'subscribed');
    hub.publishToUser('user', ALICE, { for: 'alice' });
    hub.publishToUser('user', BOB, { for: 'bob' });
    expect(await socket.next((f) => f.channel === 'user')).toEqual({ channel: 'user', data: { for: 'bob' } });
    socket.send({ op: 'ping' });
    await socket.next((f) => f.op === 'pong');
    expect(socket.frames.filter((f) => f.channel === 'user' && 'data' in f)).toHaveLength(1);
  });

  it('accepts only known keys of a channel family and caps subscriptions per socket', async () => {
    const s = await connect();
    s.send({ op: 'subscribe', channel: 'depth:DOGE-USDT' });
    expect(await s.next((f) => f.op === 'error')).toMatchObject({ code: 'unknown_channel' });
    s.send({ op: 'subscribe', channel: 'depth:' });
    expect(await s.next((f) => f.op === 'error')).toMatchObject({ code: 'malformed' });
    for (const channel of ['depth:BTC-USDT', 'depth:ETH-USDT', 'a']) {
      s.send({ op: 'subscribe', channel });
      await s.next((f) => f.op === 'subscribed' && f.channel === channel);
    }
    s.send({ op: 'subscribe', channel: 'b' });
    expect(await s.next((f) => f.op === 'error')).toMatchObject({ code: 'too_many_subscriptions' });
    // Subscribing again to a channel it has is not a new subscription.
    s.send({ op: 'subscribe', channel: 'a' });
    await s.next((f) => f.op === 'subscribed' && f.channel === 'a');
    hub.publish('depth:BTC-USDT', { bids: [] });
    expect(await s.next((f) => f.channel === 'depth:BTC-USDT')).toEqual({
      channel: 'depth:BTC-USDT',
      data: { bids: [] },
    });
  });

  it('disconnects a client that stops answering pings, and keeps one that answers', async () => {
    const silent = await connect({ autoPong: false });
    const lively = await connect();
    await new Promise<void>((resolve) => silent.socket.once('close', () => resolve()));
    expect(lively.socket.readyState).toBe(lively.socket.OPEN);
  });
});

/** The caps that keep one client or one account from holding every socket of a process. */
describe('WebSocket connection caps and revocation', () => {
  const clock = new ManualClock(new Date('2026-03-01T12:00:00Z'));
  const tokens = createTokenService('a-test-secret-that-is-long-enough-0001', 900, () => clock.now());
  let server: FastifyInstance;
  let hub: WsHub;
  let url: string;
  const sockets: TestSocket[] = [];
  const closed = (socket: TestSocket) =>
    new Promise<number>((resolve) => socket.socket.once('close', (code) => resolve(code)));

  beforeAll(async () => {
    hub = createWsHub({ tokens, clock, logger: createLogger('silent'), maxConnectionsPerAddress: 3 });
    server = Fastify();
    await server.register(websocket);
    server.get('/ws', { websocket: true }, (socket, request) => hub.accept(socket, request.ip));
    await server.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(server.server.address() as AddressInfo).port}/ws`;
  });
  afterAll(async () => {
    for (const socket of sockets) await socket.close();
    hub.close();
    await server.close();
  });

  it('refuses sockets over the cap per address, and takes new ones once others close', async () => {
    for (let i = 0; i < 3; i += 1) sockets.push(await connectTestSocket(url));
    const extra = await connectTestSocket(url);
    const closing = closed(extra);
    expect(await extra.next((f) => f.op === 'error')).toMatchObject({ code: 'too_many_connections' });
    expect(await closing).toBe(1008);
    await sockets.pop()!.close();
    await expect.poll(() => hub.connectionCount()).toBe(2);
    const again = await connectTestSocket(url);
    sockets.push(again);
    again.send({ op: 'ping' });
    expect(await again.next((f) => f.op === 'pong')).toEqual({ op: 'pong' });
  });

  it('closes only the sockets of a revoked sign-in', async () => {
    for (const socket of sockets.splice(0)) await socket.close();
    await expect.poll(() => hub.connectionCount()).toBe(0);
    const [kept, revoked] = [randomUUID(), randomUUID()];
    const signIn = async (sessionId: string) => {
      const socket = await connectTestSocket(url);
      sockets.push(socket);
      socket.send({
        op: 'auth',
        token: await tokens.signAccessToken({ userId: ALICE, role: 'USER', sessionId }),
      });
      await socket.next((f) => f.op === 'authenticated');
      return socket;
    };
    const a = await signIn(kept);
    const b = await signIn(revoked);
    const closing = closed(b);
    expect(hub.disconnectUser(ALICE, { sessionId: revoked })).toBe(1);
    expect(await closing).toBe(4001);
    expect(b.frames).toContainEqual(expect.objectContaining({ op: 'error', code: 'session_revoked' }));
    expect(a.socket.readyState).toBe(a.socket.OPEN);
  });
});

/**
 * What one client can cost the process: sockets per client network (an IPv6 client owns its /64,
 * so every address in it counts as one client, as for the HTTP limits) and frames per socket.
 */
describe('WebSocket abuse limits', () => {
  const clock = new ManualClock(new Date('2026-03-01T12:00:00Z'));
  const tokens = createTokenService('a-test-secret-that-is-long-enough-0001', 900, () => clock.now());
  let sessionReads = 0;
  let server: FastifyInstance;
  let hub: WsHub;
  let url: string;
  const sockets: TestSocket[] = [];
  // The test server takes the client address from a header, as a proxy would hand it over.
  const connectFrom = async (address: string) => {
    const socket = await connectTestSocket(url, { headers: { 'x-test-address': address } });
    sockets.push(socket);
    return socket;
  };
  const closed = (socket: TestSocket) =>
    new Promise<number>((resolve) => socket.socket.once('close', (code) => resolve(code)));

  beforeAll(async () => {
    hub = createWsHub({
      tokens,
      clock,
      logger: createLogger('silent'),
      maxConnectionsPerAddress: 2,
      framesPerSecond: 1,
      frameBurst: 5,
      authPerMinute: 2,
      verifySession: async (token) => {
        sessionReads += 1;
        return tokens.verifyAccessToken(token);
      },
    });
    server = Fastify();
    await server.register(websocket);
    server.get('/ws', { websocket: true }, (socket, request) =>
      hub.accept(socket, String(request.headers['x-test-address'])),
    );
    await server.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(server.server.address() as AddressInfo).port}/ws`;
  });
  afterAll(async () => {
    for (const socket of sockets) await socket.close();
    hub.close();
    await server.close();
  });

  it('counts two IPv6 addresses of one /64 against one socket cap, and another /64 apart', async () => {
    await connectFrom('2001:db8:1:2::1');
    await connectFrom('2001:db8:1:2:ffff:ffff:ffff:fffe');
    const third = await connectFrom('2001:db8:1:2::99');
    const closing = closed(third);
    expect(await third.next((f) => f.op === 'error')).toMatchObject({ code: 'too_many_connections' });
    expect(await closing).toBe(1008);
    const elsewhere = await connectFrom('2001:db8:1:3::1');
    elsewhere.send({ op: 'ping' });
    expect(await elsewhere.next((f) => f.op === 'pong')).toEqual({ op: 'pong' });
  });

  it('closes a socket that floods frames once its burst is spent (1008), answering no more of them', async () => {
    const flood = await connectFrom('192.0.2.10');
    const closing = closed(flood);
    for (let i = 0; i < 50; i += 1) flood.send({ op: 'ping' });
    expect(await flood.next((f) => f.op === 'error')).toMatchObject({ code: 'too_many_frames' });
    expect(await closing).toBe(1008);
    expect(flood.frames.filter((f) => f.op === 'pong')).toHaveLength(5);
  });

  it('reads the session for at most the auth budget of auth frames, then closes the socket', async () => {
    const token = await tokens.signAccessToken({ userId: ALICE, role: 'USER', sessionId: randomUUID() });
    const flood = await connectFrom('192.0.2.11');
    const closing = closed(flood);
    const before = sessionReads;
    for (let i = 0; i < 4; i += 1) flood.send({ op: 'auth', token });
    expect(await flood.next((f) => f.op === 'error')).toMatchObject({ code: 'too_many_frames' });
    expect(await closing).toBe(1008);
    // Two reads, the budget; the socket closed before they answered, so no more came of it.
    expect(sessionReads - before).toBe(2);
  });

  it('refills a budget with time: a steady client is never cut off', async () => {
    const steady = await connectFrom('192.0.2.12');
    for (let i = 0; i < 12; i += 1) {
      steady.send({ op: 'ping' });
      await steady.next((f) => f.op === 'pong');
      clock.advance(1_000);
    }
    expect(steady.socket.readyState).toBe(steady.socket.OPEN);
  });
});
