import type { MarketDepth } from '@exchange/contracts';
import { formatMinor, MARKETS, type MarketRules, marketUnits } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { klines, lastPriceOf, ticker24h } from '../binance-api/binance-market-data';
import { recentTrades, tradesAfter } from '../trading/trading.repository';
import type { TradingNotification } from '../trading/trading-events';
import type { TradingRuntime } from '../trading/trading-runtime';
import { depthDiff, topChanged } from './depth-diff';
import {
  aggTradeEvent,
  bookTickerEvent,
  depthUpdateEvent,
  klineEvent,
  miniTickerEvent,
  partialDepthEvent,
  tickerEvent,
  tradeEvent,
} from './stream-events';
import type { StreamTopic } from './stream-names';
import type { StreamSockets } from './stream-sockets';

/** Tickers and candles are pushed this often, as Binance pushes them (every second). */
export const TICKER_EVERY_MS = 1_000;
/** Trades read per market and batch at most; a batch with more is read again at once. */
const TRADES_PER_READ = 200;

type Ctx = Pick<AppContext, 'db' | 'clock' | 'logger'>;

/**
 * The market streams of one process, fed by the trading notifications every process hears after a
 * batch commits (features/trading/trading-events.ts), never by the matching loop itself:
 *  - depth: each market's last depth and its update id (the market sequence number of the command
 *    that last moved the book; GET /api/v3/depth's lastUpdateId is on the same sequence). A
 *    notification newer than it becomes one diff event with U = the previous u + 1 and u = its own
 *    number, the partial books and, when the best levels moved, the book ticker. No read at all.
 *  - trades: a batch that traded is read once per market (only the trades after the last one sent,
 *    at most one read in flight per market) when anyone here watches the market's trades.
 *  - tickers and candles: every second, one read per watched market (and interval).
 */
export function createMarketFeed(ctx: Ctx, trading: TradingRuntime, sockets: StreamSockets) {
  const nowMs = () => ctx.clock.now().getTime();
  const books = new Map<string, { depth: MarketDepth; id: bigint }>();
  const zeroOf = (rules: MarketRules) => formatMinor(0n, marketUnits(rules).quantityScale);
  const byId = new Map(MARKETS.map((rules) => [rules.id, rules]));

  const onDepth = (rules: MarketRules, depth: MarketDepth, id: bigint) => {
    const known = books.get(rules.id);
    if (!known || id <= known.id) return;
    books.set(rules.id, { depth, id });
    const key = (kind: string) => `${kind}:${rules.id}`;
    const zero = zeroOf(rules);
    if (sockets.watched(key('depth'))) {
      const changes = depthDiff(known.depth, depth, zero);
      sockets.publish(
        key('depth'),
        depthUpdateEvent(rules, { first: known.id + 1n, last: id }, changes, nowMs()),
      );
    }
    for (const levels of [5, 10, 20])
      if (sockets.watched(key(`depth${levels}`)))
        sockets.publish(key(`depth${levels}`), partialDepthEvent(depth, levels, id));
    if (sockets.watched(key('bookTicker')) && topChanged(known.depth, depth))
      sockets.publish(key('bookTicker'), bookTickerEvent(rules, depth, id, zero));
  };

  // The last trade id sent per market, and the reads in flight ('again': a batch traded meanwhile).
  const lastTrade = new Map<string, bigint>();
  const reads = new Map<string, 'reading' | 'again'>();
  const tradesWatched = (id: string) => sockets.watched(`trade:${id}`) || sockets.watched(`aggTrade:${id}`);
  const readTrades = (rules: MarketRules) => {
    if (reads.has(rules.id)) {
      reads.set(rules.id, 'again');
      return;
    }
    const after = lastTrade.get(rules.id);
    if (after === undefined || !tradesWatched(rules.id)) return;
    reads.set(rules.id, 'reading');
    let again = false;
    tradesAfter(ctx.db, rules.id, after, TRADES_PER_READ)
      .then((rows) => {
        again = rows.length === TRADES_PER_READ;
        const newest = rows[0];
        if (!newest) return;
        lastTrade.set(rules.id, newest.id);
        const now = nowMs();
        for (const row of rows.reverse()) {
          sockets.publish(`trade:${rules.id}`, tradeEvent(row, now));
          sockets.publish(`aggTrade:${rules.id}`, aggTradeEvent(row, now));
        }
      })
      .catch((error: unknown) => ctx.logger.warn({ err: error, market: rules.id }, 'could not read trades'))
      .finally(() => {
        again ||= reads.get(rules.id) === 'again';
        reads.delete(rules.id);
        if (again) readTrades(rules);
      });
  };

  /** A topic just got its first watcher here: trades start from the newest stored one. */
  const onWatched = (topic: StreamTopic) => {
    if ((topic.kind === 'trade' || topic.kind === 'aggTrade') && !lastTrade.has(topic.market.id)) {
      const id = topic.market.id;
      recentTrades(ctx.db, id, 1)
        .then(([row]) => {
          if (!lastTrade.has(id)) lastTrade.set(id, row?.id ?? 0n);
        })
        .catch((error: unknown) => ctx.logger.warn({ err: error, market: id }, 'could not read trades'));
    }
  };

  const pushTickers = async () => {
    const now = nowMs();
    const all: unknown[] = [];
    const allWatched = sockets.watched('allTickers');
    for (const [key, { topic }] of sockets.topics) {
      if (topic.kind === 'ticker' && !allWatched)
        sockets.publish(key, tickerEvent(await ticker24h(ctx, trading, topic.market), now));
      if (topic.kind === 'miniTicker')
        sockets.publish(key, miniTickerEvent(await ticker24h(ctx, trading, topic.market), now));
      if (topic.kind === 'kline') {
        const [current] = await klines(
          ctx,
          topic.market,
          { interval: topic.interval, endTime: now, limit: 1 },
          () => lastPriceOf(ctx, trading, topic.market),
        );
        if (current) sockets.publish(key, klineEvent(topic.market, topic.interval, current, now));
      }
    }
    if (!allWatched) return;
    for (const rules of MARKETS) {
      if (rules.closed || !trading.engine.market(rules.id)) continue;
      const event = tickerEvent(await ticker24h(ctx, trading, rules), now);
      all.push(event);
      sockets.publish(`ticker:${rules.id}`, event);
    }
    sockets.publish('allTickers', all);
  };
  let timer: NodeJS.Timeout | undefined;
  let pushing = false;

  return {
    onWatched,
    /** One trading notification, in the order they arrive. */
    onNotification(notification: TradingNotification) {
      const rules = byId.get(notification.m);
      if (!rules) return;
      if (notification.d && notification.s !== undefined)
        onDepth(rules, notification.d, BigInt(notification.s));
      if (notification.t) readTrades(rules);
    },
    /** After the trading runtime started: each market's committed depth and update id. */
    start() {
      for (const rules of MARKETS) {
        if (!trading.engine.market(rules.id)) continue;
        const depth = trading.depth(rules.id);
        if (depth) books.set(rules.id, { depth, id: trading.depthUpdateId(rules.id) });
      }
      timer = setInterval(() => {
        if (pushing || sockets.topics.size === 0) return;
        pushing = true;
        pushTickers()
          .catch((error: unknown) => ctx.logger.warn({ err: error }, 'could not push tickers'))
          .finally(() => {
            pushing = false;
          });
      }, TICKER_EVERY_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
