import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRealtimeClient, type SocketLike } from './realtime';

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  onmessage: SocketLike['onmessage'] = null;
  readonly sent: unknown[] = [];
  closed = false;
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  drop() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close'));
  }
  receive(frame: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const client = createRealtimeClient({
    url: () => 'ws://test/api/v1/ws',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    retryMs: 1_000,
    idleCloseMs: 5_000,
  });
  return { client, sockets };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('realtime client', () => {
  it('opens on the first subscription, subscribes once open, and hands channel data to listeners', () => {
    const { client, sockets } = setup();
    const received: unknown[] = [];
    client.subscribe('ticker', (data) => received.push(data));
    expect(client.status()).toBe('connecting');
    sockets[0]?.open();
    expect(client.status()).toBe('open');
    expect(sockets[0]?.sent).toEqual([{ op: 'subscribe', channel: 'ticker' }]);

    sockets[0]?.receive({ op: 'subscribed', channel: 'ticker' });
    sockets[0]?.receive({ channel: 'ticker', data: [{ ticker: 'BTC' }] });
    sockets[0]?.receive({ channel: 'depth:BTC-USDT', data: [] });
    expect(received).toEqual([[{ ticker: 'BTC' }]]);
  });

  it('reconnects after a drop with a growing delay and subscribes again', () => {
    const { client, sockets } = setup();
    const statuses: string[] = [];
    client.onStatus((status) => statuses.push(status));
    client.subscribe('ticker', () => undefined);
    sockets[0]?.open();
    sockets[0]?.drop();
    expect(client.status()).toBe('closed');

    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]?.drop();
    vi.advanceTimersByTime(1_999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    sockets[2]?.open();
    expect(sockets[2]?.sent).toEqual([{ op: 'subscribe', channel: 'ticker' }]);
    expect(statuses).toEqual(['connecting', 'open', 'closed', 'connecting', 'closed', 'connecting', 'open']);
  });

  it('closes a while after the last listener leaves, and not when another arrives in time', () => {
    const { client, sockets } = setup();
    const stop = client.subscribe('ticker', () => undefined);
    sockets[0]?.open();
    stop();
    expect(sockets[0]?.sent.at(-1)).toEqual({ op: 'unsubscribe', channel: 'ticker' });
    vi.advanceTimersByTime(4_000);
    const stopAgain = client.subscribe('ticker', () => undefined);
    vi.advanceTimersByTime(5_000);
    expect(sockets[0]?.closed).toBe(false);
    stopAgain();
    vi.advanceTimersByTime(5_000);
    expect(sockets[0]?.closed).toBe(true);
    expect(client.status()).toBe('idle');
  });
});

describe('realtime client, signed in', () => {
  function signedIn(initialToken: string | null) {
    let token = initialToken;
    const refusals: number[] = [];
    const sockets: FakeSocket[] = [];
    const client = createRealtimeClient({
      url: () => 'ws://test/api/v1/ws',
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
      token: () => token,
      isPrivate: (channel) => channel === 'user',
      onAuthRefused: () => refusals.push(1),
    });
    return {
      client,
      sockets,
      refusals,
      setToken(next: string | null) {
        token = next;
        client.tokenChanged();
      },
    };
  }

  it('sends the token first and subscribes the private channel only once the server accepts it', () => {
    const { client, sockets } = signedIn('t1');
    const authed: number[] = [];
    client.onAuthenticated(() => authed.push(1));
    client.subscribe('ticker', () => undefined);
    client.subscribe('user', () => undefined);
    sockets[0]?.open();
    expect(sockets[0]?.sent).toEqual([
      { op: 'auth', token: 't1' },
      { op: 'subscribe', channel: 'ticker' },
    ]);
    sockets[0]?.receive({ op: 'authenticated', userId: 'u1' });
    expect(sockets[0]?.sent.at(-1)).toEqual({ op: 'subscribe', channel: 'user' });
    expect(authed).toHaveLength(1);
  });

  it('signs in again with a refreshed token, and again after a reconnect', () => {
    const { client, sockets, setToken } = signedIn('t1');
    client.subscribe('user', () => undefined);
    sockets[0]?.open();
    sockets[0]?.receive({ op: 'authenticated', userId: 'u1' });
    setToken('t2');
    expect(sockets[0]?.sent.at(-1)).toEqual({ op: 'auth', token: 't2' });
    sockets[0]?.drop();
    vi.advanceTimersByTime(1_000);
    sockets[1]?.open();
    expect(sockets[1]?.sent).toEqual([{ op: 'auth', token: 't2' }]);
  });

  it('asks for a new token when the server finds it expired, and stays anonymous without one', () => {
    const { client, sockets, refusals, setToken } = signedIn('old');
    const data: unknown[] = [];
    client.subscribe('user', (frame) => data.push(frame));
    sockets[0]?.open();
    sockets[0]?.receive({ op: 'authenticated', userId: 'u1' });
    sockets[0]?.receive({ op: 'error', code: 'auth_expired', message: 'expired' });
    expect(refusals).toHaveLength(1);
    setToken(null);
    // Signed out: the old socket closes and an anonymous one subscribes nothing private.
    expect(sockets[0]?.closed).toBe(true);
    sockets[1]?.open();
    expect(sockets[1]?.sent).toEqual([]);
  });
});

describe('realtime client, shared channels', () => {
  it('hands a second listener of a public channel the last frame at once', () => {
    const { client, sockets } = setup();
    client.subscribe('ticker', () => undefined);
    sockets[0]?.open();
    sockets[0]?.receive({ channel: 'ticker', data: [{ ticker: 'BTC' }] });
    const late: unknown[] = [];
    client.subscribe('ticker', (data) => late.push(data));
    expect(late).toEqual([[{ ticker: 'BTC' }]]);
    // Only one subscribe frame went out for the two listeners.
    expect(sockets[0]?.sent).toEqual([{ op: 'subscribe', channel: 'ticker' }]);
  });
});
