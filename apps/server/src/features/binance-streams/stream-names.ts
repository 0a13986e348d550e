import { BINANCE_INTERVALS_S, type BinanceInterval, LISTEN_KEY_PATTERN } from '@exchange/contracts';
import { MARKETS, type MarketRules } from '@exchange/domain';
import { symbolOf } from '../binance-api/binance-params';

/**
 * Binance's stream names, read into what this server publishes. Each stream maps to a topic: the key
 * the feeds publish under, shared by the names that carry the same frames (`btcusdt@depth` and
 * `btcusdt@depth@100ms` are one diff stream here, pushed after each committed batch).
 */
export type StreamTopic =
  | { kind: 'trade' | 'aggTrade' | 'bookTicker' | 'ticker' | 'miniTicker' | 'depth'; market: MarketRules }
  | { kind: 'kline'; market: MarketRules; interval: BinanceInterval }
  | { kind: 'partialDepth'; market: MarketRules; levels: 5 | 10 | 20 }
  | { kind: 'allTickers' }
  | { kind: 'user'; listenKey: string };

const BY_LOWER_SYMBOL = new Map(MARKETS.map((rules) => [symbolOf(rules).toLowerCase(), rules]));

const SIMPLE = new Set(['trade', 'aggTrade', 'bookTicker', 'ticker', 'miniTicker', 'depth']);
const SPEEDS = new Set(['100ms', '1000ms']);

/** The topic a stream name names, or undefined for a name this server does not serve. */
export function topicOf(name: string): StreamTopic | undefined {
  if (name === '!ticker@arr') return { kind: 'allTickers' };
  if (LISTEN_KEY_PATTERN.test(name)) return { kind: 'user', listenKey: name };
  const [symbol, stream, speed, ...rest] = name.split('@');
  if (!symbol || !stream || rest.length > 0) return undefined;
  const market = BY_LOWER_SYMBOL.get(symbol);
  if (!market || market.closed) return undefined;
  const depthLike = stream.startsWith('depth');
  if (speed !== undefined && !(depthLike && SPEEDS.has(speed))) return undefined;
  if (SIMPLE.has(stream)) return { kind: stream as 'trade', market };
  const levels = /^depth(5|10|20)$/.exec(stream);
  if (levels) return { kind: 'partialDepth', market, levels: Number(levels[1]) as 5 | 10 | 20 };
  if (stream.startsWith('kline_')) {
    const interval = stream.slice('kline_'.length);
    if (interval in BINANCE_INTERVALS_S)
      return { kind: 'kline', market, interval: interval as BinanceInterval };
  }
  return undefined;
}

/** The key sockets subscribe under: one per topic, whatever name asked for it. */
export function topicKey(topic: StreamTopic): string {
  switch (topic.kind) {
    case 'allTickers':
      return 'allTickers';
    case 'user':
      return `user:${topic.listenKey}`;
    case 'kline':
      return `kline:${topic.market.id}:${topic.interval}`;
    case 'partialDepth':
      return `depth${topic.levels}:${topic.market.id}`;
    default:
      return `${topic.kind}:${topic.market.id}`;
  }
}
