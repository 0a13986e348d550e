import type { Wallet } from '@exchange/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { refreshBalances } from './refresh-balances';
import { walletKeys } from './wallet-keys';

/** The part of a money-moving answer this reads: most carry the wallet after the move. */
export interface MoneyMovedAnswer {
  readonly data?: { readonly wallet?: Wallet } | null;
}

/**
 * What every money-moving mutation does on success: the answer's wallet (the balances right after
 * the move) goes into the wallet query at once, so every screen shows it without waiting, and then
 * the one balance refresh refetches the wallet, its transactions and the dashboard's figures.
 */
export function afterMoneyMoved(queryClient: QueryClient, answer: MoneyMovedAnswer): Promise<void> {
  const wallet = answer.data?.wallet;
  if (wallet) queryClient.setQueryData(walletKeys.wallet, wallet);
  return refreshBalances(queryClient);
}
