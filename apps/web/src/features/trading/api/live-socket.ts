import { channelFrameSchema, WS_PATH } from '@exchange/contracts';
import { useEffect, useRef } from 'react';

type Listener = (data: unknown) => void;

const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

/**
 * One WebSocket to /api/v1/ws shared by every live view of the page: channels are subscribed while
 * someone listens and the socket closes when nobody does. It reconnects with a growing delay and
 * subscribes again; the views keep polling over HTTP meanwhile, so a dropped socket only slows them.
 */
class LiveSocket {
  private socket: WebSocket | null = null;
  private readonly listeners = new Map<string, Set<Listener>>();
  private retryMs = RECONNECT_MIN_MS;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;

  subscribe(channel: string, listener: Listener): () => void {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      this.send({ op: 'subscribe', channel });
    }
    set.add(listener);
    this.ensureOpen();
    return () => {
      const current = this.listeners.get(channel);
      if (!current) return;
      current.delete(listener);
      if (current.size > 0) return;
      this.listeners.delete(channel);
      this.send({ op: 'unsubscribe', channel });
      if (this.listeners.size === 0) this.close();
    };
  }

  private ensureOpen(): void {
    if (this.socket || this.retryTimer || typeof WebSocket === 'undefined') return;
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${window.location.host}${WS_PATH}`);
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.retryMs = RECONNECT_MIN_MS;
      for (const channel of this.listeners.keys()) this.send({ op: 'subscribe', channel });
    });
    socket.addEventListener('message', (event) => this.dispatch(event.data));
    socket.addEventListener('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.listeners.size === 0) return;
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        this.ensureOpen();
      }, this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    });
  }

  private dispatch(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return;
    }
    // Control frames ('subscribed', 'pong', ...) carry an op; only channel data goes to listeners.
    if (typeof parsed === 'object' && parsed !== null && 'op' in parsed) return;
    const frame = channelFrameSchema.safeParse(parsed);
    if (!frame.success) return;
    for (const listener of this.listeners.get(frame.data.channel) ?? []) listener(frame.data.data);
  }

  private send(frame: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  private close(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }
}

const liveSocket = new LiveSocket();

/** Calls `onData` with each frame of `channel` while the component is mounted; null subscribes to nothing. */
export function useLiveChannel(channel: string | null, onData: Listener): void {
  const latest = useRef(onData);
  latest.current = onData;
  useEffect(() => {
    if (!channel) return;
    return liveSocket.subscribe(channel, (data) => latest.current(data));
  }, [channel]);
}
