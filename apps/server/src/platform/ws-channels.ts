import type { ChannelSpec, Connection, WsHubState } from './ws-hub-state';
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
  const set = hub.subscribers.get(channel);
  if (!set) return;
  set.delete(connection);
  if (set.size === 0) hub.subscribers.delete(channel);
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
    let set = hub.subscribers.get(channel);
    if (!set) {
      set = new Set();
      hub.subscribers.set(channel, set);
    }
    set.add(connection);
  }
  send(hub, connection, { op: 'subscribed', channel });
  const last = spec.replayLast && !spec.private ? hub.lastFrame.get(channel) : undefined;
  if (last) sendRaw(hub, connection, last);
}
