import { z } from 'zod';

/**
 * Binance's WebSocket streams (issue 48): the market streams at /ws/<stream> and
 * /stream?streams=<a>/<b>, the user data stream by listen key (POST /api/v3/userDataStream) or by a
 * signed subscription on the WebSocket API (/ws-api/v3). Binance's own texts and codes, since its
 * clients branch on them.
 */

/** A listen key as POST /api/v3/userDataStream hands it out: 60 letters and digits. */
export const LISTEN_KEY_PATTERN = /^[A-Za-z0-9]{60}$/;
export const listenKeySchema = z.string().regex(LISTEN_KEY_PATTERN);

/** PUT and DELETE /api/v3/userDataStream. */
export const listenKeyParamsSchema = z.object({ listenKey: listenKeySchema });

/** Listen keys expire this long after their creation or their last PUT (Binance's 60 minutes). */
export const LISTEN_KEY_VALIDITY_MS = 60 * 60_000;

/** Binance's refusals of the user data stream and of the stream sockets' control frames. */
export const BINANCE_STREAM_ERRORS = {
  listenKeyMissing: { code: -1125, msg: 'This listenKey does not exist.' },
  /** Control frames (SUBSCRIBE and the like): Binance's small codes. */
  unknownProperty: { code: 0, msg: 'Unknown property' },
  invalidValue: { code: 1, msg: 'Invalid value type: expected Boolean' },
  invalidRequest: { code: 2, msg: 'Invalid request: {detail}' },
  invalidJson: { code: 3, msg: 'Invalid JSON: expected value at line 1 column 1' },
  tooManyStreams: { code: 2, msg: 'Invalid request: too many streams (at most {max} per connection)' },
  /** The WebSocket API. */
  unknownMethod: { code: -1000, msg: "Unknown method '{method}'." },
  notSubscribed: { code: -1000, msg: 'No such subscription.' },
} as const;

/** A control frame a stream socket may send (Binance's live subscribing). */
export const streamControlFrameSchema = z.object({
  method: z.enum(['SUBSCRIBE', 'UNSUBSCRIBE', 'LIST_SUBSCRIPTIONS', 'SET_PROPERTY', 'GET_PROPERTY']),
  params: z
    .array(z.union([z.string().max(200), z.boolean()]))
    .max(1024)
    .optional(),
  id: z.union([z.number().int(), z.string().max(64), z.null()]),
});
export type StreamControlFrame = z.infer<typeof streamControlFrameSchema>;

/** A request on the WebSocket API (/ws-api/v3). */
export const wsApiRequestSchema = z.object({
  id: z.union([z.number().int(), z.string().max(64)]),
  method: z.string().max(64),
  params: z.record(z.string(), z.union([z.string().max(200), z.number()])).optional(),
});
export type WsApiRequest = z.infer<typeof wsApiRequestSchema>;
