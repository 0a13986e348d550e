import { z } from 'zod';

/**
 * The WebSocket protocol at /api/v1/ws: JSON text frames. A client subscribes to named channels
 * ('ticker' now; 'depth:<market>' and the private 'user' channel later) on one socket; private
 * channels need an `auth` frame carrying the access token first.
 */
export const WS_PATH = '/api/v1/ws';

/** Channel names are short and plain: letters, digits, '-', '_' and one optional ':<key>' part. */
export const channelName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z][a-z0-9_-]*(?::[A-Za-z0-9_-]+)?$/);

export const clientFrameSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('subscribe'), channel: channelName }),
  z.object({ op: z.literal('unsubscribe'), channel: channelName }),
  z.object({ op: z.literal('auth'), token: z.string().min(1).max(4096) }),
  z.object({ op: z.literal('ping') }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/**
 * Error codes of an `error` frame. The socket stays open after any of them except the last three:
 * `too_many_connections` (over the cap per address or per user), `session_revoked` (the user
 * logged out, changed the password or was disabled) and `too_many_frames` (the socket spent its
 * frame budget, or its `auth` budget) are followed by the server closing the socket (1008 for the
 * caps and budgets).
 */
export const WS_ERROR_CODES = [
  'malformed',
  'unknown_op',
  'unknown_channel',
  'unauthorized',
  'too_many_subscriptions',
  'auth_expired',
  'too_many_connections',
  'session_revoked',
  'too_many_frames',
] as const;
export type WsErrorCode = (typeof WS_ERROR_CODES)[number];

/** Frames the server sends besides channel data (`{ channel, data }`). */
export const controlFrameSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('subscribed'), channel: z.string() }),
  z.object({ op: z.literal('unsubscribed'), channel: z.string() }),
  z.object({ op: z.literal('authenticated'), userId: z.string() }),
  z.object({ op: z.literal('pong') }),
  z.object({ op: z.literal('error'), code: z.enum(WS_ERROR_CODES), message: z.string() }),
]);
export type ControlFrame = z.infer<typeof controlFrameSchema>;

/** A channel's data frame. */
export const channelFrameSchema = z.object({ channel: z.string(), data: z.unknown() });
export type ChannelFrame = z.infer<typeof channelFrameSchema>;
