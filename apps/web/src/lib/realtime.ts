import { type ClientFrame, channelFrameSchema, WS_PATH } from '@exchange/contracts';

/**
 * One WebSocket to /api/v1/ws shared by every live widget (see contracts/src/realtime.ts). It opens
 * when the first channel is subscribed, closes a moment after the last one leaves, and reconnects
 * with a growing delay after a drop, subscribing again to every channel still wanted. Widgets learn
 * whether the socket is up, so they can fall back to polling the REST endpoints while it is not.
 */

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed';

type DataListener = (data: unknown) => void;
type StatusListener = (status: RealtimeStatus) => void;

/** The part of the browser's WebSocket the client uses, so tests can hand in a fake. */
export interface SocketLike {
  readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(text: string): void;
  close(): void;
}

export interface RealtimeOptions {
  readonly url: () => string;
  readonly createSocket?: (url: string) => SocketLike;
  /** First reconnect delay; doubles per failed attempt up to `maxRetryMs`. */
  readonly retryMs?: number;
  readonly maxRetryMs?: number;
  /** How long an unused socket stays open, so a route change does not drop and reopen it. */
  readonly idleCloseMs?: number;
}

export interface RealtimeClient {
  /** Calls `onData` with each data frame of `channel`; returns the unsubscribe function. */
  subscribe(channel: string, onData: DataListener): () => void;
  status(): RealtimeStatus;
  onStatus(listener: StatusListener): () => void;
}

const OPEN = 1;

export function createRealtimeClient(options: RealtimeOptions): RealtimeClient {
  const retryMs = options.retryMs ?? 1_000;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const idleCloseMs = options.idleCloseMs ?? 5_000;
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as SocketLike);

  const channels = new Map<string, Set<DataListener>>();
  const statusListeners = new Set<StatusListener>();
  let socket: SocketLike | null = null;
  let current: RealtimeStatus = 'idle';
  let attempts = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  function setStatus(next: RealtimeStatus): void {
    if (next === current) return;
    current = next;
    for (const listener of statusListeners) listener(next);
  }

  function sendFrame(frame: ClientFrame): void {
    if (socket && socket.readyState === OPEN) socket.send(JSON.stringify(frame));
  }

  function onMessage(event: MessageEvent): void {
    if (typeof event.data !== 'string') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(event.data);
    } catch {
      return;
    }
    // Control frames (subscribed, pong, error) carry `op`; only channel data goes to listeners.
    const frame = channelFrameSchema.safeParse(parsed);
    if (!frame.success) return;
    for (const listener of channels.get(frame.data.channel) ?? []) listener(frame.data.data);
  }

  function connect(): void {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    if (socket || channels.size === 0) return;
    setStatus('connecting');
    let opened: SocketLike;
    try {
      opened = createSocket(options.url());
    } catch {
      scheduleRetry();
      return;
    }
    socket = opened;
    opened.onopen = () => {
      attempts = 0;
      setStatus('open');
      for (const channel of channels.keys()) sendFrame({ op: 'subscribe', channel });
    };
    opened.onmessage = onMessage;
    opened.onerror = () => undefined;
    opened.onclose = () => {
      if (socket !== opened) return;
      socket = null;
      setStatus('closed');
      scheduleRetry();
    };
  }

  function scheduleRetry(): void {
    if (channels.size === 0 || retryTimer) return;
    const delay = Math.min(maxRetryMs, retryMs * 2 ** attempts);
    attempts += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect();
    }, delay);
  }

  function disconnect(): void {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    const closing = socket;
    socket = null;
    attempts = 0;
    if (closing) {
      closing.onclose = null;
      closing.close();
    }
    setStatus('idle');
  }

  return {
    subscribe(channel, onData) {
      clearTimeout(idleTimer);
      let listeners = channels.get(channel);
      if (!listeners) {
        listeners = new Set();
        channels.set(channel, listeners);
        sendFrame({ op: 'subscribe', channel });
      }
      listeners.add(onData);
      connect();
      return () => {
        const set = channels.get(channel);
        if (!set?.delete(onData) || set.size > 0) return;
        channels.delete(channel);
        sendFrame({ op: 'unsubscribe', channel });
        if (channels.size === 0) {
          clearTimeout(idleTimer);
          idleTimer = setTimeout(disconnect, idleCloseMs);
        }
      };
    },
    status: () => current,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
  };
}

/** ws:// or wss:// on the page's own host, so the socket goes wherever the API does. */
export function realtimeUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}${WS_PATH}`;
}

/** The app's one realtime connection. */
export const realtime: RealtimeClient = createRealtimeClient({ url: realtimeUrl });
