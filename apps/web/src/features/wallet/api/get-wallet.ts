import type { WalletResponse } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { walletKeys } from './wallet-keys';

/** GET /wallet: every asset with its balance, USD value and share (spec section 7). */
export function getWallet(signal?: AbortSignal): Promise<WalletResponse> {
  return apiClient.get<WalletResponse>('/wallet', { signal });
}

export function useWallet() {
  return useQuery({
    queryKey: walletKeys.wallet,
    queryFn: ({ signal }) => getWallet(signal),
    select: (response) => response.data.wallet.currencies,
  });
}
