import type { LimitOrder } from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import { apiOrdersOf } from '../binance-api/api-orders.repository';
import { apiListsOf } from '../binance-api/order-lists.repository';
import type { TradingNotification } from '../trading/trading-events';
import { executionReports, type FillMark } from './execution-report';
import { listStatusEvents } from './list-status';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'logger' | 'walletOf'>;

/** Where one user data stream goes: a listen key's socket, or a WebSocket API subscription. */
export interface UserSink {
  /** The API key that opened it. */
  readonly keyId: string;
  send(event: Record<string, unknown>): void;
  /** Ends the stream: its API key was revoked or its owner disabled. */
  end(): void;
}

/**
 * The user data streams of one process. Order events come from the trading notifications (each
 * order's state after a committed batch) and become executionReport events; balance events come from
 * the ledger's 'balance_event' notifications and become outboundAccountPosition events with the
 * assets whose free or locked amount changed since the last one sent. Reads happen only for users
 * with a stream in this process: one read of the API's order records per notification and one wallet
 * read per user and balance event, and for a batch touching an OCO list one read of the API's list
 * records (its listStatus follows its orders' reports). Both go through one queue, so a user sees them
 * in the order they were committed.
 */
export function createUserDataFeed(ctx: Ctx) {
  const sinks = new Map<string, Set<UserSink>>();
  /** Every order's last told fill (so the next report's `l` is what filled since), open orders only. */
  const marks = new Map<string, FillMark>();
  /** The balances last sent to each watched user: asset → "free/locked". */
  const sentBalances = new Map<string, Map<string, string>>();
  let queue = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    queue = queue
      .then(work)
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'user data stream failed'));
  };
  const nowMs = () => ctx.clock.now().getTime();
  const sendTo = (userId: string, event: Record<string, unknown>) => {
    for (const sink of sinks.get(userId) ?? []) sink.send(event);
  };

  return {
    /** Adds a stream of the user's; answers its removal. */
    add(userId: string, sink: UserSink): () => void {
      let set = sinks.get(userId);
      if (!set) {
        set = new Set();
        sinks.set(userId, set);
      }
      set.add(sink);
      // The balances as the stream opens, so its first outboundAccountPosition lists what changed.
      if (!sentBalances.has(userId))
        enqueue(async () => {
          const wallet = await ctx.walletOf(userId);
          if (sinks.has(userId) && !sentBalances.has(userId))
            sentBalances.set(
              userId,
              new Map(wallet.currencies.map((c) => [c.symbol, `${c.balance}/${c.locked}`])),
            );
        });
      return () => {
        set.delete(sink);
        if (set.size === 0 && sinks.get(userId) === set) {
          sinks.delete(userId);
          sentBalances.delete(userId);
        }
      };
    },
    /** The user's streams (to end those whose API key is no longer live). */
    sinksOf(userId: string): UserSink[] {
      return [...(sinks.get(userId) ?? [])];
    },
    onNotification(notification: TradingNotification) {
      const changed: { userId: string; order: LimitOrder; before: FillMark | undefined }[] = [];
      for (const [userId, event] of notification.u) {
        if (event.type !== 'order') continue;
        const { order } = event;
        const before = marks.get(order.id);
        if (order.status === 'open')
          marks.set(order.id, { filled: order.filled_quantity, cost: order.filled_cost });
        else marks.delete(order.id);
        if (sinks.has(userId)) changed.push({ userId, order, before });
      }
      if (changed.length === 0) return;
      enqueue(async () => {
        const api = await apiOrdersOf(
          ctx.db,
          changed.map((c) => c.order.id),
        );
        for (const { userId, order, before } of changed)
          for (const report of executionReports(order, api.get(order.id), before, nowMs()))
            sendTo(userId, report);
        // An OCO list placed or ended: its listStatus after its orders' reports (issue 48).
        const listIds = new Set(
          changed.flatMap((c) => (c.order.order_list_id ? [c.order.order_list_id] : [])),
        );
        if (listIds.size === 0) return;
        const lists = await apiListsOf(ctx.db, [...listIds]);
        for (const userId of new Set(changed.map((c) => c.userId)))
          for (const event of listStatusEvents(
            changed.filter((c) => c.userId === userId),
            lists,
            api,
            nowMs(),
          ))
            sendTo(userId, event);
      });
    },
    onBalances(userIds: readonly string[]) {
      const watched = userIds.filter((id) => sinks.has(id));
      if (watched.length === 0) return;
      enqueue(async () => {
        for (const userId of watched) {
          if (!sinks.has(userId)) continue;
          const wallet = await ctx.walletOf(userId);
          const sent = sentBalances.get(userId) ?? new Map<string, string>();
          const changed = wallet.currencies.filter((c) => sent.get(c.symbol) !== `${c.balance}/${c.locked}`);
          if (changed.length === 0) continue;
          for (const c of changed) sent.set(c.symbol, `${c.balance}/${c.locked}`);
          sentBalances.set(userId, sent);
          const now = nowMs();
          sendTo(userId, {
            e: 'outboundAccountPosition',
            E: now,
            u: now,
            B: changed.map((c) => ({ a: c.symbol, f: c.balance, l: c.locked })),
          });
        }
      });
    },
    /** Resolves once every event queued so far went out (tests, shutdown). */
    idle: () => queue,
  };
}
export type UserDataFeed = ReturnType<typeof createUserDataFeed>;
