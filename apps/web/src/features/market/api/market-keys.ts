/**
 * Query keys of the market data every screen may show: the market list, charts, candles, depth and
 * trades. All under 'market', so one invalidation reloads what a screen shows of the markets.
 */
export const marketKeys = {
  all: ['market'] as const,
  markets: ['market', 'list'] as const,
  chart: (coin: string) => ['market', 'chart', coin] as const,
  candlesOf: (market: string) => ['market', 'candles', market] as const,
  candles: (market: string, range: string) => ['market', 'candles', market, range] as const,
  depth: (marketId: string) => ['market', 'depth', marketId] as const,
  trades: (marketId: string) => ['market', 'trades', marketId] as const,
};
