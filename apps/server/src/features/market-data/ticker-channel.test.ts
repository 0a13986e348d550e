import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { createLogger } from '../../platform/logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { connectTestSocket, type TestSocket } from '../../test/ws-client';
import { createPriceFeed, type PriceFeed } from './price-feed';
import { FEED_ASSETS } from './price-provider';
import { simulatedProvider } from './simulated-provider';
import { formatUsd } from './tickers';

const isTicker = (frame: Record<string, unknown>) => frame.channel === 'ticker';
const tickerAt = (at: Date) => (frame: Record<string, unknown>) =>
  isTicker(frame) && (frame.data as { at: string }[])[0]?.at === at.toISOString();

/**
 * The live ticker over a real WebSocket: the app listens on loopback, the feed writes ticks to
 * PostgreSQL and NOTIFYs, and the app's LISTEN connection pushes them to subscribed sockets.
 */
describe('WebSocket ticker channel', () => {
  const clock = new ManualClock(new Date('2026-03-01T12:00:00Z'));
  let t: TestApp;
  let feed: PriceFeed;
  let url: string;
  const sockets: TestSocket[] = [];
  const connect = async () => {
    const socket = await connectTestSocket(url);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/ws`;
    feed = createPriceFeed({
      database: t.database,
      clock,
      logger: createLogger('silent'),
      providers: [simulatedProvider({ seed: 3, tickMs: 3_000 })],
      tickMs: 3_000,
    });
  });
  afterAll(async () => {
    for (const socket of sockets) await socket.close();
    await feed.stop();
    await t.close();
  });

  it('pushes every tick to subscribers and stops after unsubscribe', async () => {
    const a = await connect();
    a.send({ op: 'subscribe', channel: 'ticker' });
    expect(await a.next((f) => f.op === 'subscribed')).toEqual({ op: 'subscribed', channel: 'ticker' });

    await feed.start({ timers: false });
    const first = await a.next(tickerAt(clock.now()));
    const items = first.data as {
      ticker: string;
      lastPrice: string;
      priceChangePercent: string;
      at: string;
    }[];
    expect(items.map((item) => item.ticker)).toEqual([...FEED_ASSETS]);
    expect(items[0]).toEqual({
      ticker: 'BTC',
      lastPrice: formatUsd(feed.latest('BTC')!.usd),
      priceChangePercent: expect.stringMatching(/^-?\d+\.\d{2}$/),
      at: clock.now().toISOString(),
    });

    clock.advance(3_000);
    await feed.tick();
    const second = await a.next(tickerAt(clock.now()));
    expect((second.data as { lastPrice: string }[])[0]!.lastPrice).toBe(formatUsd(feed.latest('BTC')!.usd));

    a.send({ op: 'unsubscribe', channel: 'ticker' });
    await a.next((f) => f.op === 'unsubscribed');
    const seenBefore = a.frames.length;

    // A second socket subscribes: it starts with the last ticker at once, then gets the next tick.
    const b = await connect();
    b.send({ op: 'subscribe', channel: 'ticker' });
    await b.next((f) => f.op === 'subscribed');
    await b.next(tickerAt(clock.now()));
    clock.advance(3_000);
    await feed.tick();
    await b.next(tickerAt(clock.now()));
    // The hub wrote that tick to every subscriber before B saw it; A answers a ping after it, and only that.
    a.send({ op: 'ping' });
    await a.next((f) => f.op === 'pong');
    expect(a.frames.slice(seenBefore)).toEqual([{ op: 'pong' }]);
  });

  it('answers protocol mistakes with an error frame and keeps the socket open', async () => {
    const s = await connect();
    s.sendRaw('{not json');
    expect(await s.next((f) => f.op === 'error')).toMatchObject({ code: 'malformed' });
    s.send({ op: 'dance' });
    expect(await s.next((f) => f.op === 'error')).toMatchObject({ code: 'unknown_op' });
    s.send({ op: 'subscribe' });
    expect(await s.next((f) => f.op === 'error')).toMatchObject({ code: 'malformed' });
    s.send({ op: 'subscribe', channel: 'orders' });
    expect(await s.next((f) => f.op === 'error')).toMatchObject({ code: 'unknown_channel' });
    s.send({ op: 'auth', token: 'not-a-token' });
    expect(await s.next((f) => f.op === 'error')).toMatchObject({ code: 'unauthorized' });
    s.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await s.next((f) => f.op === 'error')).toMatchObject({ code: 'malformed' });

    const user = await createTestUser(t);
    s.send({ op: 'auth', token: user.headers.authorization.slice('Bearer '.length) });
    expect(await s.next((f) => f.op === 'authenticated')).toEqual({
      op: 'authenticated',
      userId: user.id,
    });
    s.send({ op: 'ping' });
    expect(await s.next((f) => f.op === 'pong')).toEqual({ op: 'pong' });
  });
});
