import type { WsHubState } from './ws-hub-state';

/**
 * Pings every socket each `intervalMs`; one that did not answer the previous ping is gone (a dropped
 * network keeps TCP open) and is cut off. Returns the stop.
 */
export function startHeartbeat(hub: WsHubState, intervalMs: number): () => void {
  const heartbeat = setInterval(() => {
    for (const connection of hub.connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }, intervalMs);
  heartbeat.unref();
  return () => clearInterval(heartbeat);
}
