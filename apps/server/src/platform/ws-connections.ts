import type { ControlFrame } from '@exchange/contracts';
import { decodeJwt } from 'jose';
import type WebSocket from 'ws';
import { clientNetwork } from './client-address';
import { dropPrivate, subscribe, unsubscribe } from './ws-channels';
import { parseClientFrame } from './ws-client-frames';
import type { Connection, WsHubState } from './ws-hub-state';
import { fail, send } from './ws-send';

/**
 * The hub's sockets: taking one in (within the cap per client network), the frames it sends, signing
 * it in (within the cap per user), and closing it when its sign-in is revoked or the process stops.
 */

/** Takes a new socket; `clientAddress` is the client's, for the cap per client network (IPv6 /64). */
export function accept(hub: WsHubState, socket: WebSocket, clientAddress?: string): void {
  const address = clientAddress ? clientNetwork(clientAddress) : 'unknown';
  const open = hub.perAddress.get(address) ?? 0;
  if (open >= hub.maxPerAddress) {
    socket.send(
      JSON.stringify({
        op: 'error',
        code: 'too_many_connections',
        message: `At most ${hub.maxPerAddress} connections per network`,
      } satisfies ControlFrame),
    );
    socket.close(1008, 'too many connections');
    return;
  }
  hub.perAddress.set(address, open + 1);
  const connection: Connection = {
    socket,
    channels: new Set(),
    privateKeys: new Map(),
    address,
    budget: hub.newBudget(),
    session: null,
    alive: true,
  };
  hub.connections.add(connection);
  socket.on('pong', () => {
    connection.alive = true;
  });
  socket.on('message', (raw, isBinary) => {
    connection.alive = true;
    handle(hub, connection, raw, isBinary).catch((error: unknown) => {
      hub.log.error({ err: error }, 'WebSocket frame handling failed');
    });
  });
  const forget = () => {
    if (!hub.connections.delete(connection)) return;
    const left = (hub.perAddress.get(address) ?? 1) - 1;
    if (left > 0) hub.perAddress.set(address, left);
    else hub.perAddress.delete(address);
    for (const channel of [...connection.channels]) unsubscribe(hub, connection, channel);
  };
  socket.on('close', forget);
  socket.on('error', (error) => {
    hub.log.debug({ err: error }, 'WebSocket error');
    forget();
  });
}

async function handle(
  hub: WsHubState,
  connection: Connection,
  raw: WebSocket.RawData,
  isBinary: boolean,
): Promise<void> {
  if (connection.budget.spent) return;
  if (!connection.budget.frame(hub.nowMs())) return cutOff(hub, connection, 'frames');
  const frame = parseClientFrame(raw, isBinary);
  if ('error' in frame) {
    fail(hub, connection, frame.error, frame.message);
    return;
  }
  switch (frame.op) {
    case 'subscribe':
      subscribe(hub, connection, frame.channel);
      break;
    case 'unsubscribe':
      unsubscribe(hub, connection, frame.channel);
      send(hub, connection, { op: 'unsubscribed', channel: frame.channel });
      break;
    case 'auth':
      if (!connection.budget.auth(hub.nowMs())) return cutOff(hub, connection, 'auth frames');
      await authenticate(hub, connection, frame.token);
      break;
    case 'ping':
      send(hub, connection, { op: 'pong' });
      break;
  }
}

/** Closes a socket that spent a budget (see FrameBudgetOptions); frames it sent since are ignored. */
function cutOff(hub: WsHubState, connection: Connection, what: 'frames' | 'auth frames'): void {
  connection.budget.spent = true;
  hub.log.warn({ address: connection.address }, `WebSocket closed: too many ${what}`);
  fail(hub, connection, 'too_many_frames', `Too many ${what}`);
  connection.socket.close(1008, 'too many frames');
}

async function authenticate(hub: WsHubState, connection: Connection, token: string): Promise<void> {
  const session = await hub.verifySession(token);
  if (!session) {
    fail(hub, connection, 'unauthorized', 'Unauthorized');
    return;
  }
  let sameUser = 0;
  for (const other of hub.connections) {
    if (other !== connection && other.session?.userId === session.userId) sameUser += 1;
  }
  if (sameUser >= hub.maxPerUser) {
    fail(hub, connection, 'too_many_connections', `At most ${hub.maxPerUser} connections per user`);
    connection.socket.close(1008, 'too many connections');
    return;
  }
  const exp = decodeJwt(token).exp;
  if (connection.session && connection.session.userId !== session.userId) dropPrivate(hub, connection);
  connection.session = {
    userId: session.userId,
    sessionId: session.sessionId,
    expiresAtMs: (exp ?? 0) * 1000,
  };
  send(hub, connection, { op: 'authenticated', userId: session.userId });
}

/**
 * Closes the sockets signed in as `userId` (only those of `sessionId` when given, all but those of
 * `exceptSessionId` when given): their sign-in has just been revoked. Returns how many it closed.
 */
export function disconnectUser(
  hub: WsHubState,
  userId: string,
  scope: { sessionId?: string; exceptSessionId?: string } = {},
): number {
  let closed = 0;
  for (const connection of [...hub.connections]) {
    const session = connection.session;
    if (session?.userId !== userId) continue;
    if (scope.sessionId && session.sessionId !== scope.sessionId) continue;
    if (scope.exceptSessionId && session.sessionId === scope.exceptSessionId) continue;
    connection.session = null;
    dropPrivate(hub, connection);
    fail(hub, connection, 'session_revoked', 'Your session has ended; please log in again');
    connection.socket.close(4001, 'session revoked');
    closed += 1;
  }
  return closed;
}

/**
 * Closes every socket and forgets them. 1012 (service restart) tells clients to reconnect, to another
 * process behind the proxy. A client that does not answer the closing handshake within a second is
 * cut off, so a shutdown never waits on it.
 */
export function closeAll(hub: WsHubState): void {
  for (const connection of hub.connections) {
    connection.socket.close(1012, 'server restarting: reconnect');
    setTimeout(() => connection.socket.terminate(), 1_000).unref();
  }
  hub.connections.clear();
  hub.subscribers.clear();
  hub.userSubscribers.clear();
  hub.perAddress.clear();
}
