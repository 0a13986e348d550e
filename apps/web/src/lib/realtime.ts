import { type ClientFrame, channelFrameSchema, controlFrameSchema, WS_PATH } from '@exchange/contracts';
import { refreshAccessToken } from './api-client';
import { ACCESS_TOKEN_KEY, getAccessToken, onAccessTokenChanged } from './session-token';

/**
 * One WebSocket to /api/v1/ws shared by every live widget (see contracts/src/realtime.ts). It opens
 * when the first channel is subscribed, closes a moment after the last one leaves, and reconnects
 * with a growing delay after a drop, subscribing again to every channel still wanted. Widgets learn
 * whether the socket is up, so they can fall back to polling the REST endpoints while it is not.
 *
 * Signed in, the socket sends the access token first and subscribes the private channels ('user')
 * only once the server confirms it, since the server answers frames out of order while it checks the
 * token. A new token (after a refresh or a login) is sent again; an expired one asks for a refresh.
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
  /** The access token to authenticate with, or null when signed out. */
  readonly token?: () => string | null;
  /** Channels that need an authenticated socket. */
  readonly isPrivate?: (channel: string) => boolean;
  /** The server found the token expired or refused it: get a new one (then call `tokenChanged`). */
  readonly onAuthRefused?: () => void;
}

export interface RealtimeClient {
  /** Calls `onData` with each data frame of `channel`; returns the unsubscribe function. */
  subscribe(channel: string, onData: DataListener): () => void;
  status(): RealtimeStatus;
  onStatus(listener: StatusListener): () => void;
  /**
   * Called each time the socket is (again) signed in, after a reconnect or a new token: private
   * events sent meanwhile were missed, so listeners re-read what they show.
   */
  onAuthenticated(listener: () => void): () => void;
  /** The stored access token changed: sign the socket in with the new one, or out. */
  tokenChanged(): void;
}

const OPEN = 1;

export function createRealtimeClient(options: RealtimeOptions): RealtimeClient {
  const retryMs = options.retryMs ?? 1_000;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const idleCloseMs = options.idleCloseMs ?? 5_000;
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as SocketLike);
  const token = options.token ?? (() => null);
  const isPrivate = options.isPrivate ?? (() => false);

  const channels = new Map<string, Set<DataListener>>();
  const statusListeners = new Set<StatusListener>();
  const authListeners = new Set<() => void>();
  /**
   * The last frame of each public channel: the server replays it only to a new subscription, so a
   * second widget joining a channel already subscribed gets it from here and starts with data.
   */
  const lastData = new Map<string, unknown>();
  /** The token last sent on this socket, and whether the server accepted it. */
  let sentToken: string | null = null;
  let authenticated = false;
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

  /** Subscribes a channel on the open socket, a private one only once the socket is signed in. */
  function subscribeOnSocket(channel: string): void {
    if (isPrivate(channel) && !authenticated) return;
    sendFrame({ op: 'subscribe', channel });
  }

  function sendToken(): void {
    const current = token();
    sentToken = current;
    authenticated = false;
    if (current) sendFrame({ op: 'auth', token: current });
  }

  function onControl(frame: ReturnType<typeof controlFrameSchema.parse>): void {
    if (frame.op === 'authenticated') {
      authenticated = true;
      for (const channel of channels.keys()) if (isPrivate(channel)) sendFrame({ op: 'subscribe', channel });
      for (const listener of authListeners) listener();
    } else if (frame.op === 'error' && (frame.code === 'auth_expired' || frame.code === 'unauthorized')) {
      // An expired token drops the private channels on the server; a refused one never had them.
      // Either way only a fresh token helps (a subscribe is never sent unauthenticated).
      if (frame.code === 'unauthorized' && authenticated) return;
      authenticated = false;
      if (sentToken) options.onAuthRefused?.();
    }
  }

  function onMessage(event: MessageEvent): void {
    if (typeof event.data !== 'string') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(event.data);
    } catch {
      return;
    }
    const control = controlFrameSchema.safeParse(parsed);
    if (control.success) {
      onControl(control.data);
      return;
    }
    // Control frames (subscribed, pong, error) carry `op`; only channel data goes to listeners.
    const frame = channelFrameSchema.safeParse(parsed);
    if (!frame.success) return;
    if (!isPrivate(frame.data.channel)) lastData.set(frame.data.channel, frame.data.data);
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
      sendToken();
      for (const channel of channels.keys()) subscribeOnSocket(channel);
    };
    opened.onmessage = onMessage;
    opened.onerror = () => undefined;
    opened.onclose = () => {
      if (socket !== opened) return;
      socket = null;
      authenticated = false;
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
    authenticated = false;
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
        subscribeOnSocket(channel);
      } else if (lastData.has(channel)) {
        onData(lastData.get(channel));
      }
      listeners.add(onData);
      connect();
      return () => {
        const set = channels.get(channel);
        if (!set?.delete(onData) || set.size > 0) return;
        channels.delete(channel);
        lastData.delete(channel);
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
    onAuthenticated(listener) {
      authListeners.add(listener);
      return () => authListeners.delete(listener);
    },
    tokenChanged() {
      const next = token();
      if (!socket || socket.readyState !== OPEN || next === sentToken) return;
      if (next) {
        sendToken();
        return;
      }
      // Signed out: the server keeps a socket's sign-in until it expires, so start an anonymous one.
      const closing = socket;
      socket = null;
      authenticated = false;
      sentToken = null;
      closing.onclose = null;
      closing.close();
      if (channels.size === 0) setStatus('idle');
      else connect();
    },
  };
}

/** ws:// or wss:// on the page's own host, so the socket goes wherever the API does. */
export function realtimeUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}${WS_PATH}`;
}

/** The app's one realtime connection, signed in with the stored access token when there is one. */
export const realtime: RealtimeClient = createRealtimeClient({
  url: realtimeUrl,
  token: getAccessToken,
  isPrivate: (channel) => channel === 'user',
  // A refused refresh ends the session (and clears the token); a network failure waits for the next.
  onAuthRefused: () => void refreshAccessToken().catch(() => undefined),
});
onAccessTokenChanged(() => realtime.tokenChanged());
// Another tab logging in, out or refreshing changes the shared token too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === ACCESS_TOKEN_KEY || event.key === null) realtime.tokenChanged();
  });
}
