import { type MarketDepth, type PublicTrade, tradesChannel, type UserEvent } from '@exchange/contracts';
import { findMarket, formatPriceTicks, formatQuantityLots, MARKETS } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { withoutRetry } from '../../platform/db';
import type { PgListener } from '../../platform/pg-listener';
import type { ScheduledJob } from '../../platform/scheduled-jobs';
import type { WsHub } from '../../platform/ws-hub';
import { createHouseLiquidity, type HouseLiquidity } from './house-liquidity';
import { InstantDesk } from './instant-desk';
import { MarketEngine, type MarketState } from './market-engine';
import { orderView } from './order-view';
import { TradeTape } from './trade-tape';
import type { OrderRecord } from './trading.repository';
import {
  notifyingOwn,
  registerTradingEventBridge,
  TRADING_EVENT_CHANNEL,
  tradingPayloads,
} from './trading-events';

/** What the trading feature runs in one server process: the matching loop and the house's quotes. */
export interface TradingRuntime {
  readonly engine: MarketEngine;
  /** Group commit for instant orders without a quote. */
  readonly instant: InstantDesk;
  readonly liquidity: HouseLiquidity;
  /**
   * The house's requotes as a scheduled job, for the composition root to schedule when
   * HOUSE_LIQUIDITY is on: exactly one process quotes, and another takes over if it dies.
   */
  readonly liquidityJob: ScheduledJob;
  /**
   * The market's depth as of the last committed command this process heard of (its own or another
   * process's, through the trading notifications). Never waits for the market's loop, so a flood of
   * public depth reads cannot delay an order.
   */
  depth(marketId: string): MarketDepth | undefined;
  /**
   * The market sequence number `depth` is as of (the command that last moved the book, or the stored
   * sequence at start): Binance's lastUpdateId, on the same sequence as the depth streams' U and u.
   */
  depthUpdateId(marketId: string): bigint;
  /** The market's last trades, newest first, including every trade committed before the call. */
  trades(marketId: string): Promise<readonly PublicTrade[]>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const DEPTH_LEVELS = 20;

function depthOf(state: MarketState): MarketDepth {
  const levels = state.book.depth(DEPTH_LEVELS);
  const view = (l: { price: bigint; quantity: bigint }) => ({
    price: formatPriceTicks(state.units, l.price as never),
    quantity: formatQuantityLots(state.units, l.quantity as never),
  });
  return { market_id: state.rules.id, bids: levels.bids.map(view), asks: levels.asks.map(view) };
}

/**
 * Creates the matching loop and defines the public 'depth:<market>' and 'trades:<market>' channel
 * families. Every command that changed something NOTIFYs, inside its transaction, the market's depth
 * and each affected user's order updates on the private 'user' channel (see trading-events.ts); the
 * balance-changed events come from the ledger itself (ledger/balance-events.ts). Every process, this
 * one included, publishes them to its own sockets when the notification arrives.
 */
export function createTradingRuntime(ctx: AppContext, hub: WsHub, listener: PgListener): TradingRuntime {
  // The loops' batches move the in-memory book inside their transaction, so a rolled-back batch is not
  // re-run by the platform's retry: the loop rebuilds its book and answers each command itself.
  const engine = new MarketEngine({ ...ctx, db: withoutRetry(ctx.db) });
  hub.defineChannel({
    name: 'depth:',
    replayLast: true,
    accepts: (channel) => findMarket(channel.slice('depth:'.length)) !== undefined,
  });
  hub.defineChannel({
    name: 'trades:',
    replayLast: true,
    accepts: (channel) => findMarket(channel.slice('trades:'.length)) !== undefined,
  });
  // A batch with fills says so in its notification; each process then brings its tape of the market's
  // last trades up to date once (not once per socket, and at most one read in flight per market:
  // notifications arriving meanwhile ask for one more read after it, which reads only the trades
  // stored since) and publishes it when the newest differs.
  const tape = new TradeTape(ctx.db);
  const lastTradeId = new Map<string, string>();
  const tradeReads = new Map<string, 'reading' | 'again'>();
  const publishTrades = (marketId: string) => {
    if (tradeReads.has(marketId)) {
      tradeReads.set(marketId, 'again');
      return;
    }
    tradeReads.set(marketId, 'reading');
    tape
      .latest(marketId)
      .then((views) => {
        const newest = views[0]?.id;
        if (!newest || lastTradeId.get(marketId) === newest) return;
        lastTradeId.set(marketId, newest);
        hub.publish(tradesChannel(marketId), [...views]);
      })
      .catch((error: unknown) => ctx.logger.warn({ err: error, marketId }, 'could not publish trades'))
      .finally(() => {
        const again = tradeReads.get(marketId) === 'again';
        tradeReads.delete(marketId);
        if (again) publishTrades(marketId);
      });
  };
  // One notification (or a few, by size) per batch: the depth after its last command, and each order's
  // latest state once, in the order the batch last changed them.
  engine.onBatchEffectsInTx((writes, state, effects) => {
    const latest = new Map<string, OrderRecord>();
    for (const effect of effects)
      for (const order of effect.orders) {
        latest.delete(order.id);
        latest.set(order.id, order);
      }
    const userEvents: [string, UserEvent][] = [...latest.values()].map((order) => [
      order.userId,
      { type: 'order', order: orderView(order) },
    ]);
    const { payloads, dropped } = tradingPayloads({
      marketId: state.rules.id,
      depth: effects.some((e) => e.bookChanged) ? depthOf(state) : undefined,
      userEvents,
      traded: effects.some((e) => (e.fills ?? 0) > 0),
      depthSeq: state.book.lastSeq,
    });
    if (dropped > 0) ctx.logger.warn({ dropped }, 'trading events too large to notify were left out');
    notifyingOwn(payloads);
    writes.notify(TRADING_EVENT_CHANNEL, payloads);
  });
  const liquidity = createHouseLiquidity(ctx, engine);
  const committedDepth = new Map<string, MarketDepth>();
  // The update id of each market's committed depth; a notification older than it changes nothing.
  const depthSeq = new Map<string, bigint>();
  const remember = (depth: MarketDepth, seq: bigint | undefined) => {
    const known = depthSeq.get(depth.market_id);
    if (seq !== undefined && known !== undefined && seq < known) return;
    committedDepth.set(depth.market_id, depth);
    if (seq !== undefined) depthSeq.set(depth.market_id, seq);
  };
  engine.onCommitted((state, effects) => {
    if (effects.bookChanged) remember(depthOf(state), state.book.lastSeq);
  });
  registerTradingEventBridge({
    hub,
    listener,
    logger: ctx.logger,
    onDepth: remember,
    onTrades: publishTrades,
    // Only for a depth too large to notify: read from a book brought up to date with storage.
    readDepth: async (id) => (engine.market(id) ? depthOf(await engine.sync(id)) : undefined),
  });
  const instant = new InstantDesk(ctx);
  const runtime: TradingRuntime = {
    engine,
    instant,
    liquidity,
    liquidityJob: {
      name: HOUSE_LIQUIDITY_JOB,
      everyMs: ctx.config.houseLiquidityIntervalMs,
      run: () => liquidity.tick(),
    },
    depth(marketId) {
      const state = engine.market(marketId);
      if (!state) return undefined;
      return committedDepth.get(marketId) ?? { market_id: marketId, bids: [], asks: [] };
    },
    depthUpdateId: (marketId) => depthSeq.get(marketId) ?? 0n,
    trades: (marketId) => tape.latest(marketId),
    async start() {
      await engine.syncAll();
      // Books just rebuilt from storage reflect only committed orders: the first snapshot of each.
      for (const id of TRADING_MARKET_IDS) {
        const state = engine.market(id);
        if (state && !committedDepth.has(id)) remember(depthOf(state), state.syncedSeq ?? 0n);
      }
    },
    async stop() {
      await liquidity.idle();
      await instant.idle();
      await engine.drain();
    },
  };
  return runtime;
}

/** The house liquidity job's name: it keys the advisory lock that picks the one quoting process. */
export const HOUSE_LIQUIDITY_JOB = 'house-liquidity';

export const TRADING_MARKET_IDS = MARKETS.map((m) => m.id);
