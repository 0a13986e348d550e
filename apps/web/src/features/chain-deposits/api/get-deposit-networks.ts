import type { DepositNetwork, DepositNetworksResponse } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { chainDepositKeys } from './chain-deposit-keys';

/** A coin and the chains it can arrive on. */
export type DepositCoin = DepositNetworksResponse['data'][number];

/** GET /wallet/deposit-networks: every coin that can arrive on a chain; it changes with a deploy only. */
export function useDepositNetworks() {
  return useQuery({
    queryKey: chainDepositKeys.networks,
    queryFn: ({ signal }) => apiClient.get<DepositNetworksResponse>('/wallet/deposit-networks', { signal }),
    select: (response) => response.data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** What a person reads for a chain key ('ethereum' → 'Ethereum (ERC-20)'); the key itself when unknown. */
export function chainName(coins: readonly DepositCoin[] | undefined, chain: string): string {
  for (const coin of coins ?? []) {
    const network = coin.networks.find((item: DepositNetwork) => item.chain === chain);
    if (network) return network.name;
  }
  return chain;
}
