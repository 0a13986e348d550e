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

/** The last notification read: the process's listeners are handed the same text one after another. */
let lastRead: { raw: string; data: TradingNotification | undefined } | undefined;

/**
 * The texts this process's own batches notified (tradingPayloads wrote them from typed values), which
 * need no check when they come back: only their JSON is parsed. The check cost a market maker's load
 * (issue 48) about 2 % of the server's CPU and a sixteenth of its allocations. A batch that did not
 * commit never comes back, so the oldest texts are forgotten past OWN_TEXTS_KEPT (one then comes back
 * checked, as any other process's does).
 */
const ownTexts = new Set<string>();
const OWN_TEXTS_KEPT = 1_024;

/** Notes the texts a batch of this process notifies (just before it is written). */
export function notifyingOwn(payloads: readonly string[]): void {
  for (const text of payloads) {
    ownTexts.add(text);
    if (ownTexts.size > OWN_TEXTS_KEPT) ownTexts.delete(ownTexts.values().next().value as string);
  }
}

/**
 * One 'trading_event' notification read back, or undefined when it is malformed. Every listener of
 * the process (the hub's bridge, Binance's streams) is handed the same text in turn, so the text is
 * parsed and checked once and each gets the same object, which none of them may change. A text this
 * process notified itself (notifyingOwn) is parsed and not checked again.
 */
export function parseTradingNotification(raw: string): Readonly<TradingNotification> | undefined {
  if (lastRead?.raw === raw) return lastRead.data;
  let data: TradingNotification | undefined;
  try {
    const json: unknown = JSON.parse(raw);
    if (ownTexts.delete(raw)) data = json as TradingNotification;
    else {
      const payload = payloadSchema.safeParse(json);
      data = payload.success ? payload.data : undefined;
    }
  } catch {
    data = undefined;
  }
  lastRead = { raw, data };
  return data;
}

/** A notification's text: its head's fields, then `u` with the events already written out. */
const payloadText = (head: Omit<Payload, 'u'>, events: readonly string[]) =>
  `${JSON.stringify(head).slice(0, -1)},"u":[${events.join(',')}]}`;

/**
 * Splits one batch's frames into notifications under the size limit, in order: the depth (when
 * the book changed) and the traded flag ride in the first, the user events follow. An event that
 * cannot fit even alone is left out and reported through `dropped`. Each event is written out once:
 * its text both measures it and goes into the notification.
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
  const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
  const payloads: string[] = [];
  let dropped = 0;
  let head: Omit<Payload, 'u'> = { m: input.marketId, n: 0 };
  if (input.traded) head.t = true;
  if (input.depth && input.depthSeq !== undefined) head.s = input.depthSeq.toString();
  if (input.depth) {
    head.d = input.depth;
    if (bytes(payloadText(head, [])) > maxBytes) {
      delete head.d;
      head.depth = true;
    }
  }
  let events: string[] = [];
  const hasContent = () =>
    events.length > 0 || head.d !== undefined || head.depth === true || head.t === true;
  // Each event's size is added to the payload's as it goes in (one comma between events), rather than
  // the whole payload written out again per event, which made a batch's notifications quadratic.
  let size = bytes(payloadText(head, []));
  for (const [userId, event] of input.userEvents) {
    const text = JSON.stringify([userId, event]);
    const eventBytes = bytes(text);
    if (size + eventBytes + (events.length > 0 ? 1 : 0) <= maxBytes) {
      size += eventBytes + (events.length > 0 ? 1 : 0);
      events.push(text);
      continue;
    }
    if (hasContent()) {
      payloads.push(payloadText(head, events));
      head = { m: input.marketId, n: payloads.length };
      events = [];
      size = bytes(payloadText(head, []));
      if (size + eventBytes <= maxBytes) {
        size += eventBytes;
        events.push(text);
        continue;
      }
    }
    dropped += 1;
  }
  if (hasContent()) payloads.push(payloadText(head, events));
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
