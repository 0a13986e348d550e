import { BINANCE_INTERVALS_S, type BinanceInterval } from '@exchange/contracts';
import {
  aggregateCandles,
  bucketStart,
  type Candle,
  candleStats,
  chartSymbol,
  formatMinor,
  type MarketRules,
  marketUnits,
} from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { storedCandles } from '../market-data/get-candles';
import { formatCost, tradeView } from '../trading/order-view';
import { recentTrades } from '../trading/trading.repository';
import type { TradingRuntime } from '../trading/trading-runtime';
import { marketTrades } from './api-orders.repository';
import { symbolOf } from './binance-params';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

/** The stored candle width a Binance interval is folded from: the widest one that divides it. */
function storedWidthOf(intervalS: number): number {
  return [3600, 900, 60].find((width) => intervalS % width === 0) ?? 60;
}

/** The market's candles of a stored width over [fromS, toS), at the market's price scale. */
function candlesOf(
  ctx: Ctx,
  rules: MarketRules,
  widthS: number,
  fromS: number,
  toS: number,
): Promise<Candle[]> {
  const symbol = chartSymbol(rules.id);
  if (!symbol) throw new Error(`invariant violated: no chart symbol for ${rules.id}`);
  return storedCandles(ctx.db, symbol, widthS, fromS, toS);
}

/**
 * GET /api/v3/klines: the market's stored candles (its own trades, the reference price where it did
 * not trade) folded into the interval, oldest first, in Binance's array shape. Windows: from
 * startTime, or back from endTime (default now) by `limit` intervals. Quote volume, trade counts and
 * taker volumes are not kept per candle and are answered "0" / 0. With `lastPrice`, a window that
 * reaches the current interval ends with its candle, as Binance's does: the stored one, or while
 * nothing is stored in it yet, quietKline at the market's last price.
 */
export async function klines(
  ctx: Ctx,
  rules: MarketRules,
  query: { interval: BinanceInterval; startTime?: number; endTime?: number; limit?: number },
  lastPrice?: () => Promise<string>,
) {
  const intervalS = BINANCE_INTERVALS_S[query.interval];
  const limit = query.limit ?? 500;
  const nowMs = ctx.clock.now().getTime();
  const endMs = Math.min(query.endTime ?? nowMs, nowMs);
  const fromS =
    query.startTime !== undefined
      ? bucketStart(query.startTime, intervalS)
      : bucketStart(endMs, intervalS) - (limit - 1) * intervalS;
  const toS = Math.min(bucketStart(endMs, intervalS) + intervalS, fromS + limit * intervalS);
  if (toS <= fromS) return [];
  const stored = await candlesOf(ctx, rules, storedWidthOf(intervalS), fromS, toS);
  const units = marketUnits(rules);
  const price = (value: bigint) => formatMinor(value, units.priceScale);
  const rows = aggregateCandles(stored, intervalS)
    .slice(0, limit)
    .map((c) => [
      c.time * 1000,
      price(c.open),
      price(c.high),
      price(c.low),
      price(c.close),
      formatMinor(c.volume, units.quantityScale),
      (c.time + intervalS) * 1000 - 1,
      '0',
      0,
      '0',
      '0',
      '0',
    ]);
  const currentS = bucketStart(nowMs, intervalS);
  const quietNow = lastPrice && toS > currentS && rows.length < limit && rows.at(-1)?.[0] !== currentS * 1000;
  const quiet = quietNow ? quietKline(query.interval, await lastPrice(), nowMs) : undefined;
  return quiet ? [...rows, [...quiet]] : rows;
}

/**
 * The current interval's candle while nothing has traded in it (nor has the reference price been
 * recorded in it): open, high, low and close at the last price, no volume, as Binance's kline stream
 * sends it. Without it a bot watching candles heard nothing from a minute's turn until its first trade.
 * None before the market's first price.
 */
export function quietKline(interval: BinanceInterval, lastPrice: string, nowMs: number) {
  if (!/[1-9]/.test(lastPrice)) return undefined;
  const intervalS = BINANCE_INTERVALS_S[interval];
  const openMs = bucketStart(nowMs, intervalS) * 1000;
  const p = lastPrice;
  return [openMs, p, p, p, p, '0', openMs + intervalS * 1000 - 1, '0', 0, '0', '0', '0'] as const;
}

/**
 * GET /api/v3/depth: the book's best levels (at most 20, as the web's depth) as [price, quantity].
 * lastUpdateId is the market sequence number the depth is as of, which the depth streams' U and u
 * continue (features/binance-streams), so a client can sync a book from the two.
 */
export function depth(trading: TradingRuntime, rules: MarketRules, limit: number) {
  const book = trading.depth(rules.id);
  const level = (l: { price: string; quantity: string }) => [l.price, l.quantity];
  return {
    lastUpdateId: Number(trading.depthUpdateId(rules.id)),
    bids: (book?.bids ?? []).slice(0, limit).map(level),
    asks: (book?.asks ?? []).slice(0, limit).map(level),
  };
}

/** GET /api/v3/trades: the market's last trades, oldest first, as Binance lists them. */
export async function trades(ctx: Ctx, rules: MarketRules, limit: number) {
  const rows = await recentTrades(ctx.db, rules.id, limit);
  return rows.reverse().map((row) => {
    const view = tradeView(row);
    return {
      id: Number(row.id),
      price: view.price,
      qty: view.quantity,
      quoteQty: view.cost,
      time: row.createdAt.getTime(),
      // The buyer was the maker when the taker sold.
      isBuyerMaker: row.takerSide === 'sell',
      isBestMatch: true,
    };
  });
}

/**
 * GET /api/v3/aggTrades (ccxt's default for fetchTrades): every trade is its own aggregate, since a
 * taker's fills at one price are already one trade per maker order here.
 */
export async function aggTrades(
  ctx: Ctx,
  rules: MarketRules,
  query: { fromId?: number; startTime?: number; endTime?: number; limit?: number },
) {
  const rows = await marketTrades(ctx.db, rules.id, {
    fromId: query.fromId,
    from: query.startTime !== undefined ? new Date(query.startTime) : undefined,
    to: query.endTime !== undefined ? new Date(query.endTime + 1) : undefined,
    limit: query.limit ?? 500,
  });
  return rows.map((row) => {
    const view = tradeView(row);
    const id = Number(row.id);
    return {
      a: id,
      p: view.price,
      q: view.quantity,
      f: id,
      l: id,
      T: row.createdAt.getTime(),
      m: row.takerSide === 'sell',
      M: true,
    };
  });
}

/** The last 24 hours of a market from its 15-minute candles, with the book's best levels. */
async function dayOf(ctx: Ctx, trading: TradingRuntime, rules: MarketRules) {
  const nowMs = ctx.clock.now().getTime();
  const toS = bucketStart(nowMs, 900) + 900;
  const fromS = toS - 96 * 900;
  const stats = candleStats(await candlesOf(ctx, rules, 900, fromS, toS));
  const book = trading.depth(rules.id);
  return { stats, bid: book?.bids[0], ask: book?.asks[0], fromMs: fromS * 1000, nowMs };
}

function signed(value: bigint, scale: number): string {
  return formatMinor(value, scale);
}

/** The market's last price as GET /api/v3/ticker/24hr answers it (the close of its last day's candles). */
export async function lastPriceOf(ctx: Ctx, trading: TradingRuntime, rules: MarketRules): Promise<string> {
  return (await ticker24h(ctx, trading, rules)).lastPrice;
}

/** GET /api/v3/ticker/24hr for one market. */
export async function ticker24h(ctx: Ctx, trading: TradingRuntime, rules: MarketRules) {
  const units = marketUnits(rules);
  const { stats, bid, ask, fromMs, nowMs } = await dayOf(ctx, trading, rules);
  const price = (value: bigint) => formatMinor(value, units.priceScale);
  const open = stats?.open ?? 0n;
  const close = stats?.close ?? 0n;
  const change = close - open;
  // Percent with two decimals, rounded towards zero: change × 10000 / open hundredths.
  const hundredths = open > 0n ? (change * 10_000n) / open : 0n;
  const volume = stats?.volume ?? 0n;
  return {
    symbol: symbolOf(rules),
    priceChange: signed(change, units.priceScale),
    priceChangePercent: signed(hundredths, 2),
    weightedAvgPrice: price(close),
    prevClosePrice: price(open),
    lastPrice: price(close),
    lastQty: '0',
    bidPrice: bid?.price ?? '0',
    bidQty: bid?.quantity ?? '0',
    askPrice: ask?.price ?? '0',
    askQty: ask?.quantity ?? '0',
    openPrice: price(open),
    highPrice: price(stats?.high ?? 0n),
    lowPrice: price(stats?.low ?? 0n),
    volume: formatMinor(volume, units.quantityScale),
    // An estimate at the last price: the candles keep base volume only.
    quoteVolume: formatCost(units, close * volume),
    openTime: fromMs,
    closeTime: nowMs,
    firstId: -1,
    lastId: -1,
    count: 0,
  };
}

/** GET /api/v3/ticker/price for one market: its last price. */
export async function tickerPrice(ctx: Ctx, trading: TradingRuntime, rules: MarketRules) {
  const day = await ticker24h(ctx, trading, rules);
  return { symbol: day.symbol, price: day.lastPrice };
}

/** GET /api/v3/ticker/bookTicker for one market: the best bid and ask. */
export function bookTicker(trading: TradingRuntime, rules: MarketRules) {
  const book = trading.depth(rules.id);
  const bid = book?.bids[0];
  const ask = book?.asks[0];
  return {
    symbol: symbolOf(rules),
    bidPrice: bid?.price ?? '0',
    bidQty: bid?.quantity ?? '0',
    askPrice: ask?.price ?? '0',
    askQty: ask?.quantity ?? '0',
  };
}
