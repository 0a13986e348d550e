import type { Wallet, WalletResponse } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { tradingKeys } from './query-keys';

export async function getWallet(signal?: AbortSignal): Promise<Wallet> {
  const response = await apiClient.get<WalletResponse>('/wallet', { signal });
  return response.data.wallet;
}

export function useWallet() {
  return useQuery({ queryKey: tradingKeys.wallet, queryFn: ({ signal }) => getWallet(signal) });
}

/** The spendable balance of one asset as a decimal string; '0' when the wallet does not hold it. */
export function balanceOf(wallet: Wallet | undefined, code: string): string | undefined {
  if (!wallet) return undefined;
  return wallet.currencies.find((currency) => currency.symbol === code)?.balance ?? '0';
}
