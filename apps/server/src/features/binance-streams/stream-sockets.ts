import { BINANCE_STREAM_ERRORS, formatMessage, streamControlFrameSchema } from '@exchange/contracts';
import type { Logger } from 'pino';
import type WebSocket from 'ws';
import { clientNetwork } from '../../platform/client-address';
import { type StreamTopic, topicKey, topicOf } from './stream-names';

/** Binance's limits on a stream socket, with ours on sockets per client network. */
export const STREAM_LIMITS = {
  /** Streams one connection may hold (Binance's 1024). */
  streamsPerConnection: 1024,
  /** Frames a client may send per second (Binance allows 5; ccxt's subscriptions come in bursts). */
  framesPerSecond: 10,
  /** Open stream sockets per client network (an IPv6 /64 is one client). */
  connectionsPerAddress: 300,
  /** A socket that cannot take its frames (more than this waiting to be sent) is cut off. */
  maxBufferedBytes: 4 * 1024 * 1024,
  /** Binance pings every 20 s and cuts a socket that did not answer. */
  pingEveryMs: 20_000,
} as const;

/** One stream socket: raw frames, or combined ones wrapped as {stream, data}. */
export interface StreamConnection {
  readonly socket: WebSocket;
  combined: boolean;
  readonly address: string;
  /** Stream name as subscribed → its topic key. */
  readonly names: Map<string, string>;
  frameWindow: { startMs: number; count: number };
  alive: boolean;
  /** Runs when the socket goes (its user data sink, say). */
  readonly onGone: (() => void)[];
}

/**
 * This process's Binance stream sockets and what each subscribes to. Feeds publish to a topic key
 * (stream-names.ts) and every socket subscribed under any of the topic's names gets the frame, in the
 * order published. `topics` tells the feeds which topics anyone here is watching, so nothing is read
 * for a topic nobody watches.
 */
export class StreamSockets {
  readonly connections = new Set<StreamConnection>();
  /** Topic key → its topic and the sockets (with the name each used). */
  readonly topics = new Map<string, { topic: StreamTopic; subscribers: Map<StreamConnection, string> }>();
  private readonly perAddress = new Map<string, number>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly log: Logger,
    private readonly nowMs: () => number,
    /** Called when a topic gets its first subscriber in this process. */
    private readonly onWatched: (topic: StreamTopic) => void = () => {},
  ) {
    this.heartbeat = setInterval(() => this.ping(), STREAM_LIMITS.pingEveryMs);
    this.heartbeat.unref();
  }

  /** Takes a socket in with its first streams, or refuses it past the cap per network. */
  accept(socket: WebSocket, ip: string | undefined, combined: boolean): StreamConnection | undefined {
    const address = clientNetwork(ip);
    const open = this.perAddress.get(address) ?? 0;
    if (open >= STREAM_LIMITS.connectionsPerAddress) {
      socket.close(1008, 'too many connections');
      return undefined;
    }
    this.perAddress.set(address, open + 1);
    const connection: StreamConnection = {
      socket,
      combined,
      address,
      names: new Map(),
      frameWindow: { startMs: this.nowMs(), count: 0 },
      alive: true,
      onGone: [],
    };
    this.connections.add(connection);
    socket.on('pong', () => {
      connection.alive = true;
    });
    const forget = () => this.forget(connection);
    socket.on('close', forget);
    socket.on('error', (error) => {
      this.log.debug({ err: error }, 'stream socket error');
      forget();
    });
    return connection;
  }

  /**
   * Counts a frame the client sent against its budget; past it the socket is closed (Binance
   * disconnects a client sending more than its limit).
   */
  spend(connection: StreamConnection): boolean {
    const now = this.nowMs();
    if (now - connection.frameWindow.startMs >= 1_000) connection.frameWindow = { startMs: now, count: 0 };
    connection.frameWindow.count += 1;
    if (connection.frameWindow.count <= STREAM_LIMITS.framesPerSecond) return true;
    connection.socket.close(1008, 'too many messages');
    return false;
  }

  /** Subscribes a market stream by name; false when the name is not one this server serves. */
  subscribe(connection: StreamConnection, name: string): boolean {
    const topic = topicOf(name);
    if (!topic || topic.kind === 'user') return false;
    if (connection.names.has(name)) return true;
    const key = topicKey(topic);
    connection.names.set(name, key);
    let entry = this.topics.get(key);
    if (!entry) {
      entry = { topic, subscribers: new Map() };
      this.topics.set(key, entry);
      this.onWatched(topic);
    }
    entry.subscribers.set(connection, name);
    return true;
  }

  unsubscribe(connection: StreamConnection, name: string): void {
    const key = connection.names.get(name);
    if (key === undefined) return;
    connection.names.delete(name);
    const entry = this.topics.get(key);
    if (!entry) return;
    entry.subscribers.delete(connection);
    if (entry.subscribers.size === 0) this.topics.delete(key);
  }

  watched(key: string): boolean {
    return this.topics.has(key);
  }

  /** Sends `data` to every subscriber of the topic: raw, or as {stream, data} on a combined socket. */
  publish(key: string, data: unknown): void {
    const entry = this.topics.get(key);
    if (!entry) return;
    const raw = JSON.stringify(data);
    for (const [connection, name] of entry.subscribers)
      this.send(connection, connection.combined ? `{"stream":${JSON.stringify(name)},"data":${raw}}` : raw);
  }

  /** One frame to one socket, cut off when the client does not keep up. */
  send(connection: StreamConnection, frame: string): void {
    if (connection.socket.readyState !== connection.socket.OPEN) return;
    if (connection.socket.bufferedAmount > STREAM_LIMITS.maxBufferedBytes) {
      this.log.warn({ address: connection.address }, 'stream socket cut off: it does not keep up');
      connection.socket.terminate();
      this.forget(connection);
      return;
    }
    connection.socket.send(frame);
  }

  /**
   * Binance's live subscribing: SUBSCRIBE / UNSUBSCRIBE [names], LIST_SUBSCRIPTIONS, and the
   * `combined` property. Answers {result, id} or {error: {code, msg}, id}.
   */
  control(connection: StreamConnection, raw: string): void {
    if (!this.spend(connection)) return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      this.send(connection, JSON.stringify({ error: BINANCE_STREAM_ERRORS.invalidJson, id: null }));
      return;
    }
    const id = (json as { id?: unknown } | null)?.id ?? null;
    this.send(connection, JSON.stringify({ ...this.answer(connection, json), id }));
  }

  /** The answer to one control frame: {result} or {error}. */
  private answer(connection: StreamConnection, json: unknown): object {
    const invalid = (detail: string) => ({
      error: {
        code: BINANCE_STREAM_ERRORS.invalidRequest.code,
        msg: formatMessage(BINANCE_STREAM_ERRORS.invalidRequest.msg, { detail }),
      },
    });
    const frame = streamControlFrameSchema.safeParse(json);
    if (!frame.success) return invalid('unknown method or malformed params');
    const params = frame.data.params ?? [];
    switch (frame.data.method) {
      case 'SUBSCRIBE': {
        const names = params.filter((p): p is string => typeof p === 'string');
        if (connection.names.size + names.length > STREAM_LIMITS.streamsPerConnection) {
          const { code, msg } = BINANCE_STREAM_ERRORS.tooManyStreams;
          return {
            error: { code, msg: formatMessage(msg, { max: String(STREAM_LIMITS.streamsPerConnection) }) },
          };
        }
        const unknown = names.find((name) => {
          const topic = topicOf(name);
          return topic === undefined || topic.kind === 'user';
        });
        if (unknown !== undefined) return invalid(`invalid stream name '${unknown}'`);
        for (const name of names) this.subscribe(connection, name);
        return { result: null };
      }
      case 'UNSUBSCRIBE':
        for (const name of params) if (typeof name === 'string') this.unsubscribe(connection, name);
        return { result: null };
      case 'LIST_SUBSCRIPTIONS':
        return { result: [...connection.names.keys()] };
      case 'SET_PROPERTY':
        if (params[0] !== 'combined' || typeof params[1] !== 'boolean')
          return { error: BINANCE_STREAM_ERRORS.invalidValue };
        connection.combined = params[1];
        return { result: null };
      case 'GET_PROPERTY':
        if (params[0] !== 'combined') return { error: BINANCE_STREAM_ERRORS.unknownProperty };
        return { result: connection.combined };
    }
  }

  private forget(connection: StreamConnection): void {
    if (!this.connections.delete(connection)) return;
    const left = (this.perAddress.get(connection.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(connection.address, left);
    else this.perAddress.delete(connection.address);
    for (const name of [...connection.names.keys()]) this.unsubscribe(connection, name);
    for (const gone of connection.onGone) gone();
  }

  private ping(): void {
    for (const connection of this.connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        this.forget(connection);
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }

  /** Closes every socket (1012: the server restarts, reconnect). */
  close(): void {
    clearInterval(this.heartbeat);
    for (const connection of [...this.connections]) {
      connection.socket.close(1012, 'server restarting: reconnect');
      setTimeout(() => connection.socket.terminate(), 1_000).unref();
      this.forget(connection);
    }
  }
}
