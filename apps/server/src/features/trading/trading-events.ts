import {
  depthChannel,
  type MarketDepth,
  marketDepthSchema,
  type UserEvent,
  userEventSchema,
} from '@exchange/contracts';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { PgListener } from '../../platform/pg-listener';
import type { WsHub } from '../../platform/ws-hub';

/**
 * How trading's live frames reach the sockets of every server process: a market command NOTIFYs
 * 'trading_event' inside its own transaction (so nothing goes out unless it commits), and each
 * process's listener publishes what arrives to its own hub. The process that ran the command hears
 * its own notification like any other and publishes only then, so no socket gets a frame twice.
 */
export const TRADING_EVENT_CHANNEL = 'trading_event';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; stay clear of it. */
export const MAX_NOTIFY_BYTES = 7_900;

/**
 * One notification. `m` is the market; `d` its depth after the batch (or `depth: true` when the
 * depth did not fit and each process must read it itself); `t` that the batch traded (so each process
 * refreshes the market's last trades); `u` the user events in order; `n` the part number, which also
 * keeps PostgreSQL from folding identical payloads of one transaction together.
 */
const payloadSchema = z.object({
  m: z.string(),
  n: z.number().int(),
  d: marketDepthSchema.optional(),
  depth: z.literal(true).optional(),
  t: z.literal(true).optional(),
  u: z.array(z.tuple([z.string(), userEventSchema])),
  /** The market sequence number of the batch's last command that moved the book (Binance's update id). */
  s: z.string().optional(),
});
type Payload = z.infer<typeof payloadSchema>;
export type TradingNotification = Payload;

/** One 'trading_event' notification read back, or undefined when it is malformed. */
export function parseTradingNotification(raw: string): TradingNotification | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const payload = payloadSchema.safeParse(parsed);
  return payload.success ? payload.data : undefined;
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/**
 * Splits one batch's frames into notifications under the size limit, in order: the depth (when
 * the book changed) and the traded flag ride in the first, the user events follow. An event that
 * cannot fit even alone is left out and reported through `dropped`.
 */
export function tradingPayloads(input: {
  marketId: string;
  depth?: MarketDepth;
  traded?: boolean;
  userEvents: readonly (readonly [string, UserEvent])[];
  maxBytes?: number;
  /** With a depth: the sequence number of the command that last moved the book. */
  depthSeq?: bigint;
}): { payloads: string[]; dropped: number } {
  const maxBytes = input.maxBytes ?? MAX_NOTIFY_BYTES;
  const payloads: string[] = [];
  let dropped = 0;
  let current: Payload = { m: input.marketId, n: 0, u: [] };
  if (input.traded) current.t = true;
  if (input.depth && input.depthSeq !== undefined) current.s = input.depthSeq.toString();
  if (input.depth) {
    current.d = input.depth;
    if (bytes(current) > maxBytes) {
      delete current.d;
      current.depth = true;
    }
  }
  const hasContent = (p: Payload) => p.u.length > 0 || p.d !== undefined || p.depth === true || p.t === true;
  // Each event's size is added to the payload's as it goes in (one comma between events), rather than
  // the whole payload written out again per event, which made a batch's notifications quadratic.
  let size = bytes(current);
  for (const [userId, event] of input.userEvents) {
    const entry: [string, UserEvent] = [userId, event];
    const entryBytes = bytes(entry);
    if (size + entryBytes + (current.u.length > 0 ? 1 : 0) <= maxBytes) {
      size += entryBytes + (current.u.length > 0 ? 1 : 0);
      current.u.push(entry);
      continue;
    }
    if (hasContent(current)) {
      payloads.push(JSON.stringify(current));
      current = { m: input.marketId, n: payloads.length, u: [] };
      size = bytes(current);
      if (size + entryBytes <= maxBytes) {
        size += entryBytes;
        current.u.push(entry);
        continue;
      }
    }
    dropped += 1;
  }
  if (hasContent(current)) payloads.push(JSON.stringify(current));
  return { payloads, dropped };
}

/**
 * Publishes every process's trading notifications to this process's hub. Each depth that arrives is
 * also handed to `onDepth`, so the process keeps the last committed depth of every market (depth is
 * notified only by committed transactions). `readDepth` serves a notification whose depth was too
 * large to carry.
 */
export function registerTradingEventBridge(options: {
  hub: WsHub;
  listener: PgListener;
  logger: Logger;
  onDepth: (depth: MarketDepth, seq?: bigint) => void;
  /** A batch on the market traded. */
  onTrades: (marketId: string) => void;
  readDepth: (marketId: string) => Promise<MarketDepth | undefined>;
}): void {
  const { hub, listener, logger } = options;
  listener.on(TRADING_EVENT_CHANNEL, (raw) => {
    const data = parseTradingNotification(raw);
    if (!data) {
      logger.warn('ignoring a malformed trading_event notification');
      return;
    }
    const { m: marketId, d: depth, u: userEvents } = data;
    try {
      if (depth) {
        options.onDepth(depth, data.s === undefined ? undefined : BigInt(data.s));
        hub.publish(depthChannel(marketId), depth);
      }
      for (const [userId, event] of userEvents) hub.publishToUser('user', userId, event);
      if (data.t) options.onTrades(marketId);
    } catch (error) {
      logger.warn({ err: error }, 'could not publish trading updates');
    }
    if (data.depth) {
      options
        .readDepth(marketId)
        .then((read) => {
          if (!read) return;
          options.onDepth(read);
          hub.publish(depthChannel(marketId), read);
        })
        .catch((error: unknown) => logger.warn({ err: error, marketId }, 'could not read depth'));
    }
  });
}
