import type { ControlFrame, WsErrorCode } from '@exchange/contracts';
import { decodeJwt } from 'jose';
import type { Logger } from 'pino';
import WebSocket from 'ws';
import type { ZodApi } from './app-context';
import type { Session, TokenService } from './auth';
import { clientNetwork } from './client-address';
import type { Clock } from './clock';
import { parseClientFrame } from './ws-client-frames';
import { type FrameBudget, type FrameBudgetOptions, frameBudgets } from './ws-frame-budget';

/**
 * A channel clients may subscribe to. `name` is either an exact name ('ticker', 'user') or a family
 * ending in ':' ('depth:' matches 'depth:BTC-USDT'). A private channel needs an authenticated socket
 * and its data goes only to the one user it is published for.
 */
export interface ChannelSpec {
  readonly name: string;
  readonly private?: boolean;
  /** Send the last frame published on the channel to each new subscriber, so it starts with data. */
  readonly replayLast?: boolean;
  /** For families: whether a concrete key exists (a market id, say); unknown keys are refused. */
  readonly accepts?: (channel: string) => boolean;
}

/**
 * The in-process end of live updates: keeps the sockets of this process, their subscriptions and
 * their sessions, and fans a published frame out to the subscribers. Updates from other processes
 * arrive through PostgreSQL LISTEN (see pg-listener.ts) and are published here by each feature's bridge.
 */
export interface WsHub {
  defineChannel(spec: ChannelSpec): void;
  /** Takes a new socket; `address` is the client's, for the cap per client network (IPv6 /64). */
  accept(socket: WebSocket, address?: string): void;
  /** To every subscriber of a public channel. */
  publish(channel: string, data: unknown): void;
  /** To the sockets of one user subscribed to a private channel. */
  publishToUser(channel: string, userId: string, data: unknown): void;
  /**
   * Closes the sockets signed in as `userId` (only those of `sessionId` when given, all but those of
   * `exceptSessionId` when given): their sign-in has just been revoked.
   */
  disconnectUser(userId: string, scope?: { sessionId?: string; exceptSessionId?: string }): number;
  /** Sockets currently connected to this process. */
  connectionCount(): number;
  close(): void;
}

export interface WsHubOptions extends FrameBudgetOptions {
  readonly tokens: TokenService;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly maxSubscriptionsPerSocket?: number;
  readonly heartbeatMs?: number;
  /** A client that reads slower than this much queued output is disconnected. */
  readonly maxBufferedBytes?: number;
  /** Open sockets per client network (an IPv6 /64 is one, as for HTTP) and per user: default 20 and 10. */
  readonly maxConnectionsPerAddress?: number;
  readonly maxConnectionsPerUser?: number;
  /**
   * Checks an access token and that its sign-in is still live (the guards' check). Defaults to the
   * token's signature and expiry alone, for hubs without a database.
   */
  readonly verifySession?: (token: string) => Promise<Session | null>;
}

interface Connection {
  readonly socket: WebSocket;
  readonly channels: Set<string>;
  readonly address: string;
  readonly budget: FrameBudget;
  session: { userId: string; sessionId: string; expiresAtMs: number } | null;
  alive: boolean;
}

export function createWsHub(options: WsHubOptions): WsHub {
  const maxSubscriptions = options.maxSubscriptionsPerSocket ?? 20;
  const maxBufferedBytes = options.maxBufferedBytes ?? 1_048_576;
  const maxPerAddress = options.maxConnectionsPerAddress ?? 20;
  const maxPerUser = options.maxConnectionsPerUser ?? 10;
  const newBudget = frameBudgets(options);
  const verifySession = options.verifySession ?? ((token: string) => options.tokens.verifyAccessToken(token));
  const perAddress = new Map<string, number>();
  const specs = new Map<string, ChannelSpec>();
  const subscribers = new Map<string, Set<Connection>>();
  const lastFrame = new Map<string, string>();
  const connections = new Set<Connection>();
  const log = options.logger;

  const heartbeat = setInterval(() => {
    for (const connection of connections) {
      // A socket that did not answer the previous ping is gone (a dropped network keeps TCP open).
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }, options.heartbeatMs ?? 30_000);
  heartbeat.unref();

  function specFor(channel: string): ChannelSpec | undefined {
    const exact = specs.get(channel);
    if (exact) return exact.name.endsWith(':') ? undefined : exact;
    const colon = channel.indexOf(':');
    if (colon < 0) return undefined;
    const family = specs.get(channel.slice(0, colon + 1));
    if (!family || (family.accepts && !family.accepts(channel))) return undefined;
    return family;
  }

  /**
   * `text` is a frame's JSON; a Buffer is that JSON already encoded, which publish() makes once per
   * frame so fan-out to many sockets does not encode the same string once per socket.
   */
  function sendRaw(connection: Connection, text: string | Buffer): void {
    const { socket } = connection;
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount > maxBufferedBytes) {
      log.warn({ bufferedAmount: socket.bufferedAmount }, 'closing a WebSocket that reads too slowly');
      socket.terminate();
      return;
    }
    socket.send(text, { binary: false });
  }

  function send(connection: Connection, frame: ControlFrame): void {
    sendRaw(connection, JSON.stringify(frame));
  }

  function fail(connection: Connection, code: WsErrorCode, message: string): void {
    send(connection, { op: 'error', code, message });
  }

  function unsubscribe(connection: Connection, channel: string): void {
    connection.channels.delete(channel);
    const set = subscribers.get(channel);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) subscribers.delete(channel);
  }

  function dropPrivate(connection: Connection): void {
    for (const channel of [...connection.channels]) {
      if (specFor(channel)?.private) unsubscribe(connection, channel);
    }
  }

  /** A session whose access token has expired loses its private channels; it may send a new token. */
  function sessionValid(connection: Connection): boolean {
    if (!connection.session) return false;
    if (options.clock.now().getTime() < connection.session.expiresAtMs) return true;
    connection.session = null;
    dropPrivate(connection);
    fail(connection, 'auth_expired', 'Your session has expired; send a new access token');
    return false;
  }

  async function authenticate(connection: Connection, token: string): Promise<void> {
    const session = await verifySession(token);
    if (!session) {
      fail(connection, 'unauthorized', 'Unauthorized');
      return;
    }
    let sameUser = 0;
    for (const other of connections) {
      if (other !== connection && other.session?.userId === session.userId) sameUser += 1;
    }
    if (sameUser >= maxPerUser) {
      fail(connection, 'too_many_connections', `At most ${maxPerUser} connections per user`);
      connection.socket.close(1008, 'too many connections');
      return;
    }
    const exp = decodeJwt(token).exp;
    if (connection.session && connection.session.userId !== session.userId) dropPrivate(connection);
    connection.session = {
      userId: session.userId,
      sessionId: session.sessionId,
      expiresAtMs: (exp ?? 0) * 1000,
    };
    send(connection, { op: 'authenticated', userId: session.userId });
  }

  function subscribe(connection: Connection, channel: string): void {
    const spec = specFor(channel);
    if (!spec) {
      fail(connection, 'unknown_channel', `Unknown channel ${channel}`);
      return;
    }
    if (spec.private && !sessionValid(connection)) {
      fail(connection, 'unauthorized', 'Unauthorized');
      return;
    }
    if (!connection.channels.has(channel)) {
      if (connection.channels.size >= maxSubscriptions) {
        fail(
          connection,
          'too_many_subscriptions',
          `At most ${maxSubscriptions} subscriptions per connection`,
        );
        return;
      }
      connection.channels.add(channel);
      let set = subscribers.get(channel);
      if (!set) {
        set = new Set();
        subscribers.set(channel, set);
      }
      set.add(connection);
    }
    send(connection, { op: 'subscribed', channel });
    const last = spec.replayLast && !spec.private ? lastFrame.get(channel) : undefined;
    if (last) sendRaw(connection, last);
  }

  /** Closes a socket that spent a budget (see FrameBudgetOptions); frames it sent since are ignored. */
  function cutOff(connection: Connection, what: 'frames' | 'auth frames'): void {
    connection.budget.spent = true;
    log.warn({ address: connection.address }, `WebSocket closed: too many ${what}`);
    fail(connection, 'too_many_frames', `Too many ${what}`);
    connection.socket.close(1008, 'too many frames');
  }

  async function handle(connection: Connection, raw: WebSocket.RawData, isBinary: boolean): Promise<void> {
    if (connection.budget.spent) return;
    if (!connection.budget.frame(options.clock.now().getTime())) return cutOff(connection, 'frames');
    const frame = parseClientFrame(raw, isBinary);
    if ('error' in frame) {
      fail(connection, frame.error, frame.message);
      return;
    }
    switch (frame.op) {
      case 'subscribe':
        subscribe(connection, frame.channel);
        break;
      case 'unsubscribe':
        unsubscribe(connection, frame.channel);
        send(connection, { op: 'unsubscribed', channel: frame.channel });
        break;
      case 'auth':
        if (!connection.budget.auth(options.clock.now().getTime())) return cutOff(connection, 'auth frames');
        await authenticate(connection, frame.token);
        break;
      case 'ping':
        send(connection, { op: 'pong' });
        break;
    }
  }

  return {
    defineChannel(spec) {
      if (specs.has(spec.name)) throw new Error(`channel ${spec.name} defined twice`);
      specs.set(spec.name, spec);
    },

    accept(socket, clientAddress) {
      const address = clientAddress ? clientNetwork(clientAddress) : 'unknown';
      const open = perAddress.get(address) ?? 0;
      if (open >= maxPerAddress) {
        socket.send(
          JSON.stringify({
            op: 'error',
            code: 'too_many_connections',
            message: `At most ${maxPerAddress} connections per network`,
          } satisfies ControlFrame),
        );
        socket.close(1008, 'too many connections');
        return;
      }
      perAddress.set(address, open + 1);
      const connection: Connection = {
        socket,
        channels: new Set(),
        address,
        budget: newBudget(),
        session: null,
        alive: true,
      };
      connections.add(connection);
      socket.on('pong', () => {
        connection.alive = true;
      });
      socket.on('message', (raw, isBinary) => {
        connection.alive = true;
        handle(connection, raw, isBinary).catch((error: unknown) => {
          log.error({ err: error }, 'WebSocket frame handling failed');
        });
      });
      const forget = () => {
        if (!connections.delete(connection)) return;
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
        for (const channel of [...connection.channels]) unsubscribe(connection, channel);
      };
      socket.on('close', forget);
      socket.on('error', (error) => {
        log.debug({ err: error }, 'WebSocket error');
        forget();
      });
    },

    publish(channel, data) {
      const spec = specFor(channel);
      if (!spec || spec.private) throw new Error(`cannot publish to ${channel}: not a public channel`);
      const text = JSON.stringify({ channel, data });
      if (spec.replayLast) lastFrame.set(channel, text);
      const subscribed = subscribers.get(channel);
      if (!subscribed || subscribed.size === 0) return;
      // Serialised and encoded once; every socket is handed the same bytes (ws frames them as text).
      const bytes = Buffer.from(text, 'utf8');
      for (const connection of subscribed) sendRaw(connection, bytes);
    },

    publishToUser(channel, userId, data) {
      const spec = specFor(channel);
      if (!spec?.private) throw new Error(`cannot publish to ${channel}: not a private channel`);
      const text = JSON.stringify({ channel, data });
      for (const connection of [...(subscribers.get(channel) ?? [])]) {
        if (connection.session?.userId === userId && sessionValid(connection)) sendRaw(connection, text);
      }
    },

    disconnectUser(userId, scope = {}) {
      let closed = 0;
      for (const connection of [...connections]) {
        const session = connection.session;
        if (session?.userId !== userId) continue;
        if (scope.sessionId && session.sessionId !== scope.sessionId) continue;
        if (scope.exceptSessionId && session.sessionId === scope.exceptSessionId) continue;
        connection.session = null;
        dropPrivate(connection);
        fail(connection, 'session_revoked', 'Your session has ended; please log in again');
        connection.socket.close(4001, 'session revoked');
        closed += 1;
      }
      return closed;
    },

    connectionCount() {
      return connections.size;
    },

    close() {
      clearInterval(heartbeat);
      // 1012 (service restart) tells clients to reconnect, to another process behind the proxy. A
      // client that does not answer the closing handshake within a second is cut off, so a shutdown
      // never waits on it.
      for (const connection of connections) {
        connection.socket.close(1012, 'server restarting: reconnect');
        setTimeout(() => connection.socket.terminate(), 1_000).unref();
      }
      connections.clear();
      subscribers.clear();
      perAddress.clear();
    },
  };
}

/** The WebSocket endpoint (/api/v1/ws when registered in the API's public scope). */
export function realtimeRoutes(app: ZodApi, hub: WsHub): void {
  app.get('/ws', { websocket: true }, (socket, request) => hub.accept(socket, request.ip));
}
