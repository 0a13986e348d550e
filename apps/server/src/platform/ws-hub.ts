import type WebSocket from 'ws';
import type { ZodApi } from './app-context';
import { defineChannel } from './ws-channels';
import { accept, closeAll, disconnectUser } from './ws-connections';
import { publish, publishToUser } from './ws-fan-out';
import { startHeartbeat } from './ws-heartbeat';
import { type ChannelSpec, type WsHubOptions, WsHubState } from './ws-hub-state';

export type { ChannelSpec, WsHubOptions } from './ws-hub-state';

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

/**
 * A hub over one WsHubState: channels and subscriptions (ws-channels.ts), fan-out (ws-fan-out.ts),
 * the sockets and their sign-ins (ws-connections.ts) and the heartbeat (ws-heartbeat.ts).
 */
export function createWsHub(options: WsHubOptions): WsHub {
  const hub = new WsHubState(options);
  const stopHeartbeat = startHeartbeat(hub, options.heartbeatMs ?? 30_000);
  return {
    defineChannel: (spec) => defineChannel(hub, spec),
    accept: (socket, address) => accept(hub, socket, address),
    publish: (channel, data) => publish(hub, channel, data),
    publishToUser: (channel, userId, data) => publishToUser(hub, channel, userId, data),
    disconnectUser: (userId, scope) => disconnectUser(hub, userId, scope),
    connectionCount: () => hub.connections.size,
    close() {
      stopHeartbeat();
      closeAll(hub);
    },
  };
}

/** The WebSocket endpoint (/api/v1/ws when registered in the API's public scope). */
export function realtimeRoutes(app: ZodApi, hub: WsHub): void {
  app.get('/ws', { websocket: true }, (socket, request) => hub.accept(socket, request.ip));
}
