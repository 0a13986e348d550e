import { type ChannelSpec, type Connection, userChannelKey, type WsHubState } from './ws-hub-state';
import { fail, send, sendRaw } from './ws-send';

/** The hub's channels and who subscribed to them; a private channel needs a live session. */

export function defineChannel(hub: WsHubState, spec: ChannelSpec): void {
  if (hub.specs.has(spec.name)) throw new Error(`channel ${spec.name} defined twice`);
  hub.specs.set(spec.name, spec);
}

/** The spec of a concrete channel: its exact name, or its family's when that family accepts it. */
export function specFor(hub: WsHubState, channel: string): ChannelSpec | undefined {
  const exact = hub.specs.get(channel);
  if (exact) return exact.name.endsWith(':') ? undefined : exact;
  const colon = channel.indexOf(':');
  if (colon < 0) return undefined;
  const family = hub.specs.get(channel.slice(0, colon + 1));
  if (!family || (family.accepts && !family.accepts(channel))) return undefined;
  return family;
}

export function unsubscribe(hub: WsHubState, connection: Connection, channel: string): void {
  connection.channels.delete(channel);
  const key = connection.privateKeys.get(channel);
  if (key !== undefined) {
    connection.privateKeys.delete(channel);
    leave(hub.userSubscribers, key, connection);
  }
  leave(hub.subscribers, channel, connection);
}

function leave(index: Map<string, Set<Connection>>, key: string, connection: Connection): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(connection);
  if (set.size === 0) index.delete(key);
}

function join(index: Map<string, Set<Connection>>, key: string, connection: Connection): void {
  let set = index.get(key);
  if (!set) {
    set = new Set();
    index.set(key, set);
  }
  set.add(connection);
}

export function dropPrivate(hub: WsHubState, connection: Connection): void {
  for (const channel of [...connection.channels]) {
    if (specFor(hub, channel)?.private) unsubscribe(hub, connection, channel);
  }
}

/** A session whose access token has expired loses its private channels; it may send a new token. */
export function sessionValid(hub: WsHubState, connection: Connection): boolean {
  if (!connection.session) return false;
  if (hub.nowMs() < connection.session.expiresAtMs) return true;
  connection.session = null;
  dropPrivate(hub, connection);
  fail(hub, connection, 'auth_expired', 'Your session has expired; send a new access token');
  return false;
}

export function subscribe(hub: WsHubState, connection: Connection, channel: string): void {
  const spec = specFor(hub, channel);
  if (!spec) {
    fail(hub, connection, 'unknown_channel', `Unknown channel ${channel}`);
    return;
  }
  if (spec.private && !sessionValid(hub, connection)) {
    fail(hub, connection, 'unauthorized', 'Unauthorized');
    return;
  }
  if (!connection.channels.has(channel)) {
    if (connection.channels.size >= hub.maxSubscriptions) {
      fail(
        hub,
        connection,
        'too_many_subscriptions',
        `At most ${hub.maxSubscriptions} subscriptions per connection`,
      );
      return;
    }
    connection.channels.add(channel);
    join(hub.subscribers, channel, connection);
    // A private channel is subscribed as the session's user (checked live just above); a new user
    // on the socket drops every private channel first (ws-connections.ts), so the key stays right.
    if (spec.private && connection.session) {
      const key = userChannelKey(channel, connection.session.userId);
      connection.privateKeys.set(channel, key);
      join(hub.userSubscribers, key, connection);
    }
  }
  send(hub, connection, { op: 'subscribed', channel });
  const last = spec.replayLast && !spec.private ? hub.lastFrame.get(channel) : undefined;
  if (last) sendRaw(hub, connection, last);
}
