import { type Chain, createPublicClient, http, type PublicClient } from 'viem';
import type { ChainSettings } from './chain-config';

/** One viem client per configured chain: the same EVM adapter for any chain, by its settings. */
export function chainClient(settings: ChainSettings): PublicClient {
  const chain: Chain = {
    id: settings.chainId,
    name: settings.name,
    nativeCurrency: {
      name: settings.tokens[0]?.asset ?? 'ETH',
      symbol: settings.tokens[0]?.asset ?? 'ETH',
      decimals: 18,
    },
    rpcUrls: { default: { http: [settings.rpcUrl] } },
  };
  return createPublicClient({ chain, transport: http(settings.rpcUrl, { retryCount: 1, timeout: 10_000 }) });
}
