import type { DepositNetworksResponse } from '@exchange/contracts';
import type { ChainSettings } from '../../platform/chain/chain-config';
import { depositNetworkView } from './chain-deposit-views';

/** GET /wallet/deposit-networks: every coin a configured chain carries, with the chains it arrives on. */
export function getDepositNetworks(
  chains: readonly ChainSettings[],
  bitcoinSends = false,
): DepositNetworksResponse['data'] {
  const byAsset = new Map<string, DepositNetworksResponse['data'][number]['networks']>();
  for (const chain of chains) {
    for (const token of chain.tokens) {
      const networks = byAsset.get(token.asset) ?? [];
      networks.push(depositNetworkView(chain, token, chain.family !== 'bitcoin' || bitcoinSends));
      byAsset.set(token.asset, networks);
    }
  }
  return [...byAsset].map(([asset, networks]) => ({ asset, networks }));
}
