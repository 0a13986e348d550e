import { walletKeys } from '../../../shared/wallet/wallet-keys';

/** Query keys of the trading screens. The wallet key is the wallet feature's, shared by every screen. */
export const tradingKeys = {
  wallet: walletKeys.wallet,
  markets: ['market', 'list'] as const,
  chart: (coin: string) => ['market', 'chart', coin] as const,
  candlesOf: (market: string) => ['market', 'candles', market] as const,
  candles: (market: string, range: string) => ['market', 'candles', market, range] as const,
  depth: (marketId: string) => ['market', 'depth', marketId] as const,
  trades: (marketId: string) => ['market', 'trades', marketId] as const,
  orders: ['orders'] as const,
  /** Instant quotes: not under 'wallet', so refreshing the balances does not re-quote. */
  quotes: ['instant-quote'] as const,
  quote: (side: string, coin: string, quantity: string) => ['instant-quote', side, coin, quantity] as const,
  orderHistory: ['orders', 'history'] as const,
  openOrders: ['orders', 'open'] as const,
};
