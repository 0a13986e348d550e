import type { BinanceInterval, MarketDepth } from '@exchange/contracts';
import type { MarketRules } from '@exchange/domain';
import { symbolOf } from '../binance-api/binance-params';
import { tradeView } from '../trading/order-view';
import type { TradeRow } from '../trading/trading.repository';
import type { LevelChanges } from './depth-diff';

/**
 * The market streams' frames in Binance's spot shapes and field letters, from the same views the REST
 * answers use (features/binance-api), so a stream and GET /api/v3 say the same of one trade or book.
 */

type Level = { price: string; quantity: string };
const pair = (level: Level): [string, string] => [level.price, level.quantity];

/** `<symbol>@trade`: one trade. The buyer was the maker when the taker sold. */
export function tradeEvent(row: TradeRow, nowMs: number) {
  const view = tradeView(row);
  const [base, quote] = row.marketId.split('-') as [string, string];
  return {
    e: 'trade',
    E: nowMs,
    s: symbolOf({ base, quote }),
    t: Number(row.id),
    p: view.price,
    q: view.quantity,
    T: row.createdAt.getTime(),
    m: row.takerSide === 'sell',
    M: true,
  };
}

/** `<symbol>@aggTrade`: every trade is its own aggregate here, as GET /api/v3/aggTrades answers. */
export function aggTradeEvent(row: TradeRow, nowMs: number) {
  const trade = tradeEvent(row, nowMs);
  return {
    e: 'aggTrade',
    E: nowMs,
    s: trade.s,
    a: trade.t,
    p: trade.p,
    q: trade.q,
    f: trade.t,
    l: trade.t,
    T: trade.T,
    m: trade.m,
    M: true,
  };
}

/** `<symbol>@depth[@100ms]`: the levels that changed between update ids U and u (both included). */
export function depthUpdateEvent(
  rules: MarketRules,
  ids: { first: bigint; last: bigint },
  changes: { bids: LevelChanges; asks: LevelChanges },
  nowMs: number,
) {
  return {
    e: 'depthUpdate',
    E: nowMs,
    s: symbolOf(rules),
    U: Number(ids.first),
    u: Number(ids.last),
    b: changes.bids,
    a: changes.asks,
  };
}

/** `<symbol>@depth<levels>`: the best levels, as GET /api/v3/depth?limit=<levels> answers them. */
export function partialDepthEvent(depth: MarketDepth, levels: number, lastUpdateId: bigint) {
  return {
    lastUpdateId: Number(lastUpdateId),
    bids: depth.bids.slice(0, levels).map(pair),
    asks: depth.asks.slice(0, levels).map(pair),
  };
}

/** `<symbol>@bookTicker`: the best bid and ask, with the update id they are as of. */
export function bookTickerEvent(rules: MarketRules, depth: MarketDepth, updateId: bigint, zero: string) {
  const bid = depth.bids[0];
  const ask = depth.asks[0];
  return {
    u: Number(updateId),
    s: symbolOf(rules),
    b: bid?.price ?? zero,
    B: bid?.quantity ?? zero,
    a: ask?.price ?? zero,
    A: ask?.quantity ?? zero,
  };
}

/** GET /api/v3/ticker/24hr's answer (binance-market-data.ts), as the `<symbol>@ticker` event. */
export interface DayTicker {
  symbol: string;
  priceChange: string;
  priceChangePercent: string;
  weightedAvgPrice: string;
  prevClosePrice: string;
  lastPrice: string;
  lastQty: string;
  bidPrice: string;
  bidQty: string;
  askPrice: string;
  askQty: string;
  openPrice: string;
  highPrice: string;
  lowPrice: string;
  volume: string;
  quoteVolume: string;
  openTime: number;
  closeTime: number;
  firstId: number;
  lastId: number;
  count: number;
}

export function tickerEvent(day: DayTicker, nowMs: number) {
  return {
    e: '24hrTicker',
    E: nowMs,
    s: day.symbol,
    p: day.priceChange,
    P: day.priceChangePercent,
    w: day.weightedAvgPrice,
    x: day.prevClosePrice,
    c: day.lastPrice,
    Q: day.lastQty,
    b: day.bidPrice,
    B: day.bidQty,
    a: day.askPrice,
    A: day.askQty,
    o: day.openPrice,
    h: day.highPrice,
    l: day.lowPrice,
    v: day.volume,
    q: day.quoteVolume,
    O: day.openTime,
    C: day.closeTime,
    F: day.firstId,
    L: day.lastId,
    n: day.count,
  };
}

/** `<symbol>@miniTicker`: the day's figures without the book. */
export function miniTickerEvent(day: DayTicker, nowMs: number) {
  return {
    e: '24hrMiniTicker',
    E: nowMs,
    s: day.symbol,
    c: day.lastPrice,
    o: day.openPrice,
    h: day.highPrice,
    l: day.lowPrice,
    v: day.volume,
    q: day.quoteVolume,
  };
}

/** One row of GET /api/v3/klines: [open time, o, h, l, c, volume, close time, quote volume, count, ...]. */
export type KlineRow = readonly (string | number)[];

/** `<symbol>@kline_<interval>`: the interval's current candle, `x` once it has closed. */
export function klineEvent(rules: MarketRules, interval: BinanceInterval, row: KlineRow, nowMs: number) {
  const closeMs = Number(row[6]);
  return {
    e: 'kline',
    E: nowMs,
    s: symbolOf(rules),
    k: {
      t: Number(row[0]),
      T: closeMs,
      s: symbolOf(rules),
      i: interval,
      f: -1,
      L: -1,
      o: String(row[1]),
      c: String(row[4]),
      h: String(row[2]),
      l: String(row[3]),
      v: String(row[5]),
      n: Number(row[8]),
      x: nowMs > closeMs,
      q: String(row[7]),
      V: String(row[9]),
      Q: String(row[10]),
      B: '0',
    },
  };
}
