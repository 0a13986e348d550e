import { sessionValid, specFor } from './ws-channels';
import { userChannelKey, type WsHubState } from './ws-hub-state';
import { sendRaw } from './ws-send';

/** To every subscriber of a public channel (remembered for replay when its spec asks). */
export function publish(hub: WsHubState, channel: string, data: unknown): void {
  const spec = specFor(hub, channel);
  if (!spec || spec.private) throw new Error(`cannot publish to ${channel}: not a public channel`);
  const text = JSON.stringify({ channel, data });
  if (spec.replayLast) hub.lastFrame.set(channel, text);
  const subscribed = hub.subscribers.get(channel);
  if (!subscribed || subscribed.size === 0) return;
  // Serialised and encoded once; every socket is handed the same bytes (ws frames them as text).
  const bytes = Buffer.from(text, 'utf8');
  for (const connection of subscribed) sendRaw(hub, connection, bytes);
}

/** To the sockets of one user subscribed to a private channel, while their session is live. */
export function publishToUser(hub: WsHubState, channel: string, userId: string, data: unknown): void {
  const spec = specFor(hub, channel);
  if (!spec?.private) throw new Error(`cannot publish to ${channel}: not a private channel`);
  const subscribed = hub.userSubscribers.get(userChannelKey(channel, userId));
  // Most events are for users with no socket here (an API client's orders): nothing to write out.
  if (!subscribed) return;
  let text: string | undefined;
  for (const connection of [...subscribed]) {
    if (connection.session?.userId !== userId || !sessionValid(hub, connection)) continue;
    text ??= JSON.stringify({ channel, data });
    sendRaw(hub, connection, text);
  }
}
