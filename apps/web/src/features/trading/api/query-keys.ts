/** Query keys of the trading screens. The wallet key is shared with every screen that shows balances. */
export const tradingKeys = {
  wallet: ['wallet'] as const,
  markets: ['market', 'list'] as const,
  chart: (coin: string) => ['market', 'chart', coin] as const,
  depth: (marketId: string) => ['market', 'depth', marketId] as const,
  trades: (marketId: string) => ['market', 'trades', marketId] as const,
  orders: ['orders'] as const,
  /** Instant quotes: not under 'wallet', so refreshing the balances does not re-quote. */
  quotes: ['instant-quote'] as const,
  quote: (side: string, coin: string, quantity: string) => ['instant-quote', side, coin, quantity] as const,
  orderHistory: ['orders', 'history'] as const,
  openOrders: ['orders', 'open'] as const,
};
