import type { ControlFrame, WsErrorCode } from '@exchange/contracts';
import WebSocket from 'ws';
import type { Connection, WsHubState } from './ws-hub-state';

/**
 * Sends to one socket. `text` is a frame's JSON; a Buffer is that JSON already encoded, which
 * publish() makes once per frame so fan-out to many sockets does not encode the same string once per
 * socket. A socket that reads slower than the hub's buffer limit is cut off instead.
 */
export function sendRaw(hub: WsHubState, connection: Connection, text: string | Buffer): void {
  const { socket } = connection;
  if (socket.readyState !== WebSocket.OPEN) return;
  if (socket.bufferedAmount > hub.maxBufferedBytes) {
    hub.log.warn({ bufferedAmount: socket.bufferedAmount }, 'closing a WebSocket that reads too slowly');
    socket.terminate();
    return;
  }
  socket.send(text, { binary: false });
}

export function send(hub: WsHubState, connection: Connection, frame: ControlFrame): void {
  sendRaw(hub, connection, JSON.stringify(frame));
}

export function fail(hub: WsHubState, connection: Connection, code: WsErrorCode, message: string): void {
  send(hub, connection, { op: 'error', code, message });
}
