import { walletKeys } from '../../../shared/wallet/wallet-keys';

/**
 * Query keys of placing and listing orders. The wallet key is the shared one every screen reads; the
 * market data's keys are the market feature's (marketKeys).
 */
export const tradingKeys = {
  wallet: walletKeys.wallet,
  orders: ['orders'] as const,
  /** Instant quotes: not under 'wallet', so refreshing the balances does not re-quote. */
  quotes: ['instant-quote'] as const,
  quote: (side: string, coin: string, quantity: string) => ['instant-quote', side, coin, quantity] as const,
  orderHistory: ['orders', 'history'] as const,
  openOrders: ['orders', 'open'] as const,
};
